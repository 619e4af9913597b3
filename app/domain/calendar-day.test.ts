import { describe, expect, it } from "vitest";
import { calendarDay } from "./forms/fields";
import { addDays, calendarDayOrNull, dayEnd, dayStart, daysBetween, FIRST_DAY, isCalendarDay, isWithinCalendar, LAST_DAY } from "./calendar-day";
import { FIRST_YEAR, LAST_YEAR } from "./constants";

/** The out-of-range days of the security review: JavaScript takes each, PostgreSQL refuses it or its next day. */
const OUT_OF_RANGE = ["0000-01-01", "0001-01-01", "0001-01-02", "9999-12-30", "9999-12-31", "275760-09-13", "-271821-04-20", "+010000-01-01"];
/** PostgreSQL's own limits for the ISO text a JavaScript Date turns into (no year 0, no fifth digit). */
const postgresTakes = (at: Date) => /^\d{4}-\d{2}-\d{2}T/.test(at.toISOString()) && at.getUTCFullYear() >= 1;

describe("a calendar day the product accepts", () => {
  it("spans the years of constants.ts, both ends included", () => {
    expect([FIRST_DAY, LAST_DAY]).toEqual([`${FIRST_YEAR}-01-01`, `${LAST_YEAR}-12-31`]);
    for (const day of [FIRST_DAY, LAST_DAY, "2026-02-28", "2024-02-29", "2000-02-29"]) expect(isCalendarDay(day), day).toBe(true);
    expect(isCalendarDay(`${FIRST_YEAR - 1}-12-31`)).toBe(false);
    expect(isCalendarDay(`${LAST_YEAR + 1}-01-01`)).toBe(false);
  });

  it("refuses the years JavaScript takes but PostgreSQL does not, and days no calendar has", () => {
    for (const day of OUT_OF_RANGE) expect(isCalendarDay(day), day).toBe(false);
    for (const day of ["2026-02-30", "2025-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-1-1", " 2026-01-01", "2026-01-01T00:00", "garbage", ""]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
    expect(isCalendarDay(null)).toBe(false);
    expect(isCalendarDay(20260101)).toBe(false);
    expect(calendarDayOrNull("0000-01-01")).toBeNull();
    expect(calendarDayOrNull(undefined)).toBeNull();
    expect(calendarDayOrNull("2026-03-01")).toBe("2026-03-01");
  });

  it("keeps every day's arithmetic within what JavaScript and PostgreSQL take: next day, a few years back", () => {
    for (const day of [FIRST_DAY, LAST_DAY]) {
      for (const at of [dayStart(day), dayEnd(day), dayStart(addDays(day, -4 * 366)), dayStart(addDays(day, 4 * 366))]) {
        expect(postgresTakes(at), at.toISOString()).toBe(true);
      }
    }
    expect(dayEnd(LAST_DAY).toISOString()).toBe(`${LAST_YEAR + 1}-01-01T00:00:00.000Z`);
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(daysBetween("2026-01-01", "2026-03-01")).toBe(59);
  });

  it("tells an instant within the accepted calendar, the end of its last day included", () => {
    expect(isWithinCalendar(dayStart(FIRST_DAY))).toBe(true);
    expect(isWithinCalendar(dayEnd(LAST_DAY))).toBe(true);
    expect(isWithinCalendar(new Date(dayStart(FIRST_DAY).getTime() - 1))).toBe(false);
    expect(isWithinCalendar(new Date(dayEnd(LAST_DAY).getTime() + 1))).toBe(false);
    for (const value of OUT_OF_RANGE) expect(isWithinCalendar(new Date(value)), value).toBe(false);
  });

  it("is the same rule as a schema, with the message a form or an API gives", () => {
    expect(calendarDay().safeParse("2026-05-01").success).toBe(true);
    for (const day of OUT_OF_RANGE) expect(calendarDay().safeParse(day).success, day).toBe(false);
    expect(calendarDay().safeParse("9999-12-31").error?.issues.map((i) => i.message)).toEqual(["field-invalid"]);
    expect(calendarDay().safeParse(5).error?.issues.map((i) => i.message)).toEqual(["field-invalid"]);
    expect(calendarDay("export:form.dayInvalid").safeParse("0000-01-01").error?.issues.map((i) => i.message)).toEqual(["export:form.dayInvalid"]);
  });
});
