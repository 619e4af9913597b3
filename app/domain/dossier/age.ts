/**
 * How long a dossier has waited. The review target is in working days (PRODUCT.md: "2 working days"), counted by
 * the one working-time clock (./working-time.ts): weekends and Dutch public holidays do not count.
 */
import { DAY_MS, latestStartWithWorkingMs, workingDaysBetween } from "./working-time";

export { DAY_MS };

/** Whole calendar days from `since` to `now` (0 on the same day). */
export function daysSince(since: Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}

/**
 * Whole working days elapsed since `since`: 24 hours of working days each (./working-time.ts), so a dossier
 * submitted on Friday afternoon is 1 working day old on Monday afternoon, and 1 on Tuesday after a Monday holiday.
 */
export function workingDaysSince(since: Date, now: Date = new Date()): number {
  return workingDaysBetween(since, now);
}

/** When a submitted dossier passes its review target: `workingDays` working days after submission. */
export function isPastReviewTarget(submittedAt: Date, workingDays: number, now: Date = new Date()): boolean {
  return workingDaysSince(submittedAt, now) >= workingDays;
}

/**
 * The latest submission that is past the review target at `now`: `isPastReviewTarget(s, workingDays, now)` holds
 * exactly when `s <= reviewTargetCutoff(workingDays, now)`, so a query can select the late dossiers itself.
 */
export function reviewTargetCutoff(workingDays: number, now: Date = new Date()): Date {
  return latestStartWithWorkingMs(now, workingDays * DAY_MS);
}
