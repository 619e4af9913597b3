/**
 * A calendar day as the product takes one from a user: `YYYY-MM-DD`, a day the Gregorian calendar has, in a year
 * from FIRST_YEAR to LAST_YEAR (app/domain/constants.ts). One rule for every page, CSV and API that reads a day
 * (a list's or report's period, an export's since and until): a day outside it is refused, or ignored, as any
 * malformed value is there. Within it, the arithmetic here (the next day, a previous period of a few years) always
 * gives a date that JavaScript's Date and PostgreSQL both take, so no query fails on a day a user typed.
 * All days are UTC calendar days; callers that need the clinic's day start convert a valid day themselves. Its
 * schema for forms and API bodies is `calendarDay` in forms/fields.ts (this module stays free of Zod: the list pages'
 * date inputs take their bounds from here).
 */
import { FIRST_YEAR, LAST_YEAR } from "./constants";

const DAY_MS = 86_400_000;
const SHAPE = /^(\d{4})-\d{2}-\d{2}$/;

/** The first and the last day accepted (the `min` and `max` of a date input). */
export const FIRST_DAY = `${FIRST_YEAR}-01-01`;
export const LAST_DAY = `${LAST_YEAR}-12-31`;

/** Whether `value` is a calendar day the product accepts. */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const shape = SHAPE.exec(value);
  if (!shape) return false;
  const year = Number(shape[1]);
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  // 2026-02-30 parses as a date in some engines' eyes; it must come back as the same day.
  const start = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(start.getTime()) && start.toISOString().slice(0, 10) === value;
}

/** `value` when it is an accepted calendar day, else null (a filter that cannot be used). */
export function calendarDayOrNull(value: string | null | undefined): string | null {
  return isCalendarDay(value) ? value : null;
}

/** The UTC start of an accepted day. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The UTC end of an accepted day, exclusive: the next day's start (the upper bound of a period that ends on `day`). */
export function dayEnd(day: string): Date {
  return new Date(dayStart(day).getTime() + DAY_MS);
}

/** The day `days` after `day` (before it when negative), as `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  return new Date(dayStart(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 for the same day, negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS);
}

/**
 * Whether an instant lies within the accepted calendar: from the start of FIRST_DAY to the end of LAST_DAY, that
 * end included (it is the exclusive bound of a period ending on LAST_DAY). For server functions that take an
 * instant rather than a day.
 */
export function isWithinCalendar(at: Date): boolean {
  const t = at.getTime();
  return t >= dayStart(FIRST_DAY).getTime() && t <= dayEnd(LAST_DAY).getTime();
}
