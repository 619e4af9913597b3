/**
 * The working-time clock (PRODUCT.md "Reporting and insight"; decision 070): how much working time lies between
 * two moments. Working time is every hour of a working day in the clinic's time zone (clinicTimeZone()); a day is
 * a working day unless it is a Saturday, a Sunday or a Dutch public holiday (the "public" holidays of the
 * maintained `date-holidays` calendar: New Year, Easter Sunday and Monday, King's Day, Ascension, Whit Sunday and
 * Monday, Christmas and Boxing Day). Its Dutch part only (holidays-nl.json, written by scripts/holidays-nl.mjs),
 * read by the calendar's own rule parser: the whole calendar of every country costs a server about 8 MB (issue 13).
 * A review's clock runs from the first submission to completion and is paused while the dossier is returned to the
 * professional (from the return to the resubmit).
 *
 * One module decides this: the review-target ages of the queue and the unfinished-dossiers page, the turnaround
 * stored at completion (which the reporting pages aggregate in SQL) and the demo history all call it.
 */
import HolidaysParser from "date-holidays-parser";
import dutchCalendar from "./holidays-nl.json";
import { clinicTimeZone } from "../clinic-time-zone";

export const DAY_MS = 24 * 60 * 60 * 1000;

let calendar: HolidaysParser | null = null;
const holidaysByYear = new Map<number, Set<string>>();

/** Parts of an instant in the clinic's zone; one formatter per zone (the zone is set once, at start-up). */
const dayPartFormats = new Map<string, Intl.DateTimeFormat>();
function dayParts(): Intl.DateTimeFormat {
  const zone = clinicTimeZone();
  let format = dayPartFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    dayPartFormats.set(zone, format);
  }
  return format;
}

export interface LocalDay {
  year: number;
  month: number;
  day: number;
}

function localParts(t: number): LocalDay & { hour: number; minute: number; second: number } {
  const p = Object.fromEntries(dayParts().formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return { year: +p.year, month: +p.month, day: +p.day, hour: +p.hour, minute: +p.minute, second: +p.second };
}

/** The clinic's offset from UTC at `t`, in ms (whole seconds are enough). */
function offsetAt(t: number): number {
  const p = localParts(t);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(t / 1000) * 1000;
}

/** The instant the clinic's local day starts (local midnight; daylight-saving changes happen at night, never at 0:00). */
function startOfLocalDay(d: LocalDay): number {
  const wall = Date.UTC(d.year, d.month - 1, d.day);
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

/** The instant a local calendar day ("YYYY-MM-DD", the clinic's time zone) starts. */
export function localDayStart(isoDate: string): Date {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(startOfLocalDay({ year, month, day }));
}

export function isoDay(d: LocalDay): string {
  return `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
}

function publicHolidays(year: number): Set<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(
      (calendar ??= new HolidaysParser(dutchCalendar, "NL"))
        .getHolidays(year)
        .filter((h) => h.type === "public")
        .map((h) => h.date.slice(0, 10)),
    );
    holidaysByYear.set(year, days);
  }
  return days;
}

/** Whether a local calendar day (in the clinic's time zone) is a working day. */
export function isWorkingDay(d: LocalDay): boolean {
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !publicHolidays(d.year).has(isoDay(d));
}

/** The local day of an instant (exported for the tests and the demo history). */
export function localDayOf(at: Date): LocalDay {
  const p = localParts(at.getTime());
  return { year: p.year, month: p.month, day: p.day };
}

function nextDay(d: LocalDay): LocalDay {
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/**
 * One year of the clock in one zone: `starts[i]` is the instant local day i of the year (0 = 1 January) starts, the
 * last entry being next New Year's; `before[i]` is the working time from the year's start to day i's start, the last
 * entry the year's whole working time. Built once per zone and year (two `formatToParts` per day, a few
 * milliseconds), so a clock reading is a table lookup however long the interval: walking the days at every reading
 * made the supervisor's queue cost 50 CPU-ms at 100,000 dossiers, where dossiers had waited for years (issue 13).
 */
interface YearOfDays {
  starts: number[];
  before: number[];
}

const yearsOfDays = new Map<string, YearOfDays>();
/** Zones × years; past it the tables are dropped and rebuilt as asked (a zone changes once, years hardly). */
const MAX_YEAR_TABLES = 200;

function yearOfDays(year: number): YearOfDays {
  const key = `${clinicTimeZone()} ${year}`;
  let table = yearsOfDays.get(key);
  if (!table) {
    const starts: number[] = [];
    const before: number[] = [0];
    let day: LocalDay = { year, month: 1, day: 1 };
    starts.push(startOfLocalDay(day));
    while (day.year === year) {
      const following = nextDay(day);
      starts.push(startOfLocalDay(following));
      const i = starts.length - 2;
      before.push(before[i] + (isWorkingDay(day) ? starts[i + 1] - starts[i] : 0));
      day = following;
    }
    if (yearsOfDays.size >= MAX_YEAR_TABLES) yearsOfDays.clear();
    table = { starts, before };
    yearsOfDays.set(key, table);
  }
  return table;
}

/**
 * Working time from the start of `t`'s local year to `t`, and that year. The local day is found in the year's own
 * table (the day whose start is the last at or before `t`), not by formatting `t` in the zone: a queue of 60 rows
 * read the clock twice per row, and `formatToParts` was 2–3% of the page's CPU (issue 13).
 */
function workingMsIntoYear(t: number): { year: number; ms: number } {
  // The local year is the UTC year or one next to it: a zone's offset is less than a day.
  let year = new Date(t).getUTCFullYear();
  let table = yearOfDays(year);
  if (t < table.starts[0]) table = yearOfDays(--year);
  else if (t >= table.starts[table.starts.length - 1]) table = yearOfDays(++year);
  const { starts, before } = table;
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= t) low = middle;
    else high = middle - 1;
  }
  // A working day's share of the table is its length, a day off's is 0: either bounds the time into the day.
  return { year, ms: before[low] + Math.min(t - starts[low], before[low + 1] - before[low]) };
}

/** Working time (ms) between two instants; 0 when `end` is not after `start`. */
export function workingMsBetween(start: Date, end: Date): number {
  const from = start.getTime();
  const to = end.getTime();
  if (!(to > from)) return 0;
  const a = workingMsIntoYear(from);
  const b = workingMsIntoYear(to);
  let total = b.ms - a.ms;
  for (let year = a.year; year < b.year; year++) total += yearOfDays(year).before.at(-1)!;
  return total;
}

/**
 * The latest start from which `ms` of working time have passed by `end`: anything that started at or before it has
 * waited that long, anything after it has not (working time to `end` only shrinks as the start moves later). Lets a
 * query select what has waited long enough as `started <= cutoff` instead of reading every candidate to ask the
 * clock about each (the unfinished-dossiers page). Millisecond-exact: a binary search over the clock itself.
 */
export function latestStartWithWorkingMs(end: Date, ms: number): Date {
  const to = end.getTime();
  const enough = (start: number) => workingMsBetween(new Date(start), end) >= ms;
  // Working time never exceeds calendar time: the answer is at most `end - ms`. Every week has working days, so
  // stepping back a week at a time finds a start that is early enough.
  let late = to - Math.max(0, ms);
  if (enough(late)) return new Date(late);
  let early = late - 7 * DAY_MS;
  while (!enough(early)) {
    late = early;
    early -= 7 * DAY_MS;
  }
  // `early` is early enough, `late` is not.
  while (late - early > 1) {
    const middle = Math.floor((early + late) / 2);
    if (enough(middle)) early = middle;
    else late = middle;
  }
  return new Date(early);
}

/** Whole working days (24 working hours each) between two instants. */
export function workingDaysBetween(start: Date, end: Date): number {
  return Math.floor(workingMsBetween(start, end) / DAY_MS);
}

/** The event kinds that start, pause, resume and stop a review's clock. */
export type ClockEventKind = "submit" | "return" | "resubmit" | "complete";

export interface ClockEvent {
  kind: string;
  at: Date;
}

/**
 * The intervals in which a review's clock runs, from the dossier's events in time order: it starts at the first
 * submit, pauses at a return, resumes at a resubmit and stops at completion; still running at `now` otherwise.
 * Claims and releases do not stop it: the dossier waits for the supervisors either way.
 */
export function reviewClockIntervals(events: readonly ClockEvent[], now: Date): [Date, Date][] {
  const intervals: [Date, Date][] = [];
  let runningSince: Date | null = null;
  let stopped = false;
  for (const e of events) {
    if (stopped) break;
    if ((e.kind === "submit" || e.kind === "resubmit") && !runningSince) runningSince = e.at;
    else if ((e.kind === "return" || e.kind === "complete") && runningSince) {
      intervals.push([runningSince, e.at]);
      runningSince = null;
      if (e.kind === "complete") stopped = true;
    }
  }
  if (runningSince) intervals.push([runningSince, now]);
  return intervals;
}

/** Working time on a review's clock (see `reviewClockIntervals`). */
export function reviewWorkingMs(events: readonly ClockEvent[], now: Date): number {
  return reviewClockIntervals(events, now).reduce((sum, [a, b]) => sum + workingMsBetween(a, b), 0);
}
