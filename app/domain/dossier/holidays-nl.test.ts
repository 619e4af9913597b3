/** The working-time clock's Dutch calendar is the maintained `date-holidays` calendar's Dutch part, nothing else. */
import Holidays from "date-holidays";
// @ts-expect-error: the calendar's data module has no types
import { data } from "date-holidays/data";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { dutchCalendar } from "../../../scripts/holidays-nl.mjs";
import committed from "./holidays-nl.json";
import { isWorkingDay } from "./working-time";

describe("the Dutch holiday calendar", () => {
  it("is the installed date-holidays' Dutch part (after an update: node scripts/holidays-nl.mjs)", () => {
    expect(committed).toEqual(JSON.parse(JSON.stringify(dutchCalendar(data))));
  });

  it("gives the working-time clock the same public holidays as the whole calendar, 1990–2040", () => {
    const full = new Holidays("NL");
    for (let year = 1990; year <= 2040; year++) {
      const holidays = new Set(full.getHolidays(year).filter((h) => h.type === "public").map((h) => h.date.slice(0, 10)));
      expect(holidays.size).toBeGreaterThanOrEqual(8);
      for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
        const date = new Date(t);
        const weekday = date.getUTCDay();
        const expected = weekday !== 0 && weekday !== 6 && !holidays.has(date.toISOString().slice(0, 10));
        expect(isWorkingDay({ year, month: date.getUTCMonth() + 1, day: date.getUTCDate() }), date.toISOString()).toBe(expected);
      }
    }
    expect(isWorkingDay({ year: 2026, month: 4, day: 28 })).toBe(true);
    expect(isWorkingDay({ year: 2026, month: 4, day: 27 })).toBe(false);
  });
});
