import { afterEach, describe, expect, it, vi } from "vitest";
import { CLINIC_TIME_ZONE } from "../constants";
import { setClinicTimeZone } from "../clinic-time-zone";
import { isoDay, isWorkingDay, latestStartWithWorkingMs, localDayOf, localDayStart, reviewClockIntervals, reviewWorkingMs, workingDaysBetween, workingMsBetween } from "./working-time";
import { isPastReviewTarget, reviewTargetCutoff } from "./age";

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe("the working-time clock", () => {
  it("knows weekends and Dutch public holidays, and that Good Friday and Liberation Day (2026) are working days", () => {
    expect(isWorkingDay({ year: 2026, month: 11, day: 6 })).toBe(true); // Friday
    expect(isWorkingDay({ year: 2026, month: 11, day: 7 })).toBe(false); // Saturday
    expect(isWorkingDay({ year: 2026, month: 11, day: 8 })).toBe(false); // Sunday
    expect(isWorkingDay({ year: 2026, month: 4, day: 6 })).toBe(false); // Easter Monday
    expect(isWorkingDay({ year: 2026, month: 4, day: 27 })).toBe(false); // King's Day
    expect(isWorkingDay({ year: 2026, month: 5, day: 14 })).toBe(false); // Ascension Day
    expect(isWorkingDay({ year: 2026, month: 5, day: 25 })).toBe(false); // Whit Monday
    expect(isWorkingDay({ year: 2026, month: 12, day: 25 })).toBe(false); // Christmas
    expect(isWorkingDay({ year: 2027, month: 1, day: 1 })).toBe(false); // New Year (Friday)
    expect(isWorkingDay({ year: 2026, month: 4, day: 3 })).toBe(true); // Good Friday: not a public holiday
    expect(isWorkingDay({ year: 2026, month: 5, day: 5 })).toBe(true); // Liberation Day: only every fifth year off
  });

  it("counts only the hours of working days, in the clinic's time zone", () => {
    // Friday 16:00 (Amsterdam, UTC+1) → Monday 16:00: 8 hours on Friday, 16 on Monday.
    expect(workingMsBetween(at("2026-11-06T15:00:00Z"), at("2026-11-09T15:00:00Z"))).toBe(24 * HOUR);
    expect(workingDaysBetween(at("2026-11-06T15:00:00Z"), at("2026-11-09T14:59:00Z"))).toBe(0);
    expect(workingDaysBetween(at("2026-11-06T15:00:00Z"), at("2026-11-10T15:00:00Z"))).toBe(2);
    // A whole weekend is no time at all; an end before the start is none either.
    expect(workingMsBetween(at("2026-11-07T00:00:00Z"), at("2026-11-08T20:00:00Z"))).toBe(0);
    expect(workingMsBetween(at("2026-11-10T00:00:00Z"), at("2026-11-09T00:00:00Z"))).toBe(0);
  });

  it("skips holidays: Thursday noon before Easter to Tuesday noon after is two working days (Good Friday works), and Christmas pauses the clock", () => {
    // Thu 2 April 12:00 CEST → Tue 7 April 12:00 CEST: Thursday 12 h, Good Friday 24 h, Easter weekend and Monday 0, Tuesday 12 h.
    expect(workingMsBetween(at("2026-04-02T10:00:00Z"), at("2026-04-07T10:00:00Z"))).toBe(48 * HOUR);
    // Thu 24 Dec 12:00 → Mon 28 Dec 12:00: Christmas, Boxing Day (a Saturday) and Sunday do not count.
    expect(workingMsBetween(at("2026-12-24T11:00:00Z"), at("2026-12-28T11:00:00Z"))).toBe(24 * HOUR);
  });

  it("handles the night daylight-saving time ends (a 25-hour Sunday)", () => {
    // Fri 23 Oct 00:00 CEST → Mon 26 Oct 00:00 CET: only Friday counts, 24 hours.
    expect(workingMsBetween(at("2026-10-22T22:00:00Z"), at("2026-10-25T23:00:00Z"))).toBe(24 * HOUR);
    // Mon 00:00 CET → Tue 00:00 CET is one whole day.
    expect(workingMsBetween(at("2026-10-25T23:00:00Z"), at("2026-10-26T23:00:00Z"))).toBe(24 * HOUR);
  });

  it("pauses a review's clock while the dossier is returned, and stops it at completion", () => {
    const events = [
      { kind: "submit", at: at("2026-11-09T08:00:00Z") },
      { kind: "claim", at: at("2026-11-09T10:00:00Z") },
      { kind: "return", at: at("2026-11-09T12:00:00Z") },
      { kind: "resubmit", at: at("2026-11-11T08:00:00Z") },
      { kind: "claim", at: at("2026-11-11T09:00:00Z") },
      { kind: "complete", at: at("2026-11-11T14:00:00Z") },
      { kind: "view", at: at("2026-11-20T14:00:00Z") },
    ];
    expect(reviewClockIntervals(events, at("2026-12-01T00:00:00Z"))).toEqual([
      [at("2026-11-09T08:00:00Z"), at("2026-11-09T12:00:00Z")],
      [at("2026-11-11T08:00:00Z"), at("2026-11-11T14:00:00Z")],
    ]);
    expect(reviewWorkingMs(events, at("2026-12-01T00:00:00Z"))).toBe(10 * HOUR);
    // Still waiting: the clock runs up to now; returned: paused since the return.
    expect(reviewWorkingMs(events.slice(0, 2), at("2026-11-09T11:00:00Z"))).toBe(3 * HOUR);
    expect(reviewWorkingMs(events.slice(0, 3), at("2026-11-10T11:00:00Z"))).toBe(4 * HOUR);
  });

  describe("read from per-year tables", () => {
    afterEach(() => setClinicTimeZone(CLINIC_TIME_ZONE));

    /** The clock as first written: walk every local day from the start's to the end's (the tables must agree). */
    function walkingEveryDay(start: Date, end: Date): number {
      const [from, to] = [start.getTime(), end.getTime()];
      let total = 0;
      let day = localDayOf(start);
      let dayStart = localDayStart(isoDay(day)).getTime();
      while (dayStart < to) {
        const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
        const following = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
        const dayEnd = localDayStart(isoDay(following)).getTime();
        if (isWorkingDay(day)) total += Math.max(0, Math.min(dayEnd, to) - Math.max(dayStart, from));
        day = following;
        dayStart = dayEnd;
      }
      return total;
    }

    it("agrees with walking every day, across years, daylight-saving changes and zones", () => {
      let seed = 20261125;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const span = Date.parse("2030-01-01T00:00:00Z") - Date.parse("2023-01-01T00:00:00Z");
      // Kiritimati (UTC+14) and Pago Pago (UTC−11) start their local years a day away from UTC's; St John's is −3:30.
      for (const zone of ["Europe/Amsterdam", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Auckland", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/St_Johns"]) {
        setClinicTimeZone(zone);
        for (let i = 0; i < 40; i++) {
          const start = new Date(Date.parse("2023-01-01T00:00:00Z") + Math.floor(random() * span));
          // Half the intervals within a fortnight (the queue's usual case), half up to two and a third years.
          const length = i % 2 ? Math.floor(random() * 14 * 24 * HOUR) : Math.floor(random() * (span / 3));
          const end = new Date(start.getTime() + length);
          expect(workingMsBetween(start, end), `${zone} ${start.toISOString()} → ${end.toISOString()}`).toBe(walkingEveryDay(start, end));
        }
        // The edges: exactly at local midnight, on the last day of a year, and across the daylight-saving nights.
        for (const [a, b] of [
          [localDayStart("2026-01-02"), localDayStart("2026-01-05")],
          [new Date(localDayStart("2025-12-31").getTime() + 5 * HOUR), new Date(localDayStart("2026-01-02").getTime() + 7 * HOUR)],
          // Either side of UTC's New Year and of the zone's own; 31 December 2023 is a Sunday, so a reading put in
          // the wrong year's table shows (a zone behind UTC counts Friday's hours wrongly without the year's switch).
          [at("2025-12-31T20:00:00Z"), at("2026-01-01T04:00:00Z")],
          [at("2023-12-29T12:00:00Z"), at("2024-01-01T08:00:00Z")],
          [at("2023-12-31T05:00:00Z"), at("2024-01-02T12:00:00Z")],
          [new Date(localDayStart("2026-01-01").getTime() - 1), new Date(localDayStart("2026-01-01").getTime() + 1)],
          [localDayStart("2026-03-27"), localDayStart("2026-04-08")],
          [localDayStart("2026-10-22"), localDayStart("2026-11-05")],
        ])
          expect(workingMsBetween(a, b), `${zone} ${a.toISOString()} → ${b.toISOString()}`).toBe(walkingEveryDay(a, b));
      }
    });

    it("reads the clock without a time-zone conversion once a year's table is built, however long a dossier has waited", () => {
      const since = new Date("2021-03-01T09:00:00Z");
      workingMsBetween(since, new Date("2026-11-25T09:00:00Z")); // builds the years' tables once
      const conversions = vi.spyOn(Intl.DateTimeFormat.prototype, "formatToParts");
      for (let i = 0; i < 100; i++) workingDaysBetween(since, new Date(Date.parse("2026-11-25T09:00:00Z") + i * HOUR));
      // Walking the days took two conversions per day (≈4,000 a reading); finding the day by formatting each end took
      // two a reading (a queue of 60 rows: 2–3% of its CPU, issue 13). The table itself says which day an instant is in.
      expect(conversions.mock.calls.length).toBe(0);
    });
  });
  describe("the latest start that has waited long enough", () => {
    afterEach(() => setClinicTimeZone(CLINIC_TIME_ZONE));
    const DAY = 24 * HOUR;

    it("is exact to the millisecond: at the cutoff the wait is long enough, a millisecond later it is not", () => {
      let seed = 20261126;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const span = Date.parse("2029-01-01T00:00:00Z") - Date.parse("2024-01-01T00:00:00Z");
      for (const zone of ["Europe/Amsterdam", "America/New_York", "Pacific/Auckland"]) {
        setClinicTimeZone(zone);
        for (let i = 0; i < 30; i++) {
          const end = new Date(Date.parse("2024-01-01T00:00:00Z") + Math.floor(random() * span));
          const ms = [0, 1, 2, 5, 30][i % 5] * DAY + (i % 3) * Math.floor(random() * DAY);
          const cutoff = latestStartWithWorkingMs(end, ms);
          const label = `${zone} ${end.toISOString()} ${ms}`;
          expect(workingMsBetween(cutoff, end), label).toBeGreaterThanOrEqual(ms);
          if (ms > 0) expect(workingMsBetween(new Date(cutoff.getTime() + 1), end), label).toBeLessThan(ms);
        }
      }
    });

    it("reaches back over weekends and holidays, and agrees with the review target at both sides of it", () => {
      // Two working days before Monday 28 December 2026 10:00 (Amsterdam): Christmas and Boxing Day are holidays,
      // the 26th is a Saturday, so the cutoff is Wednesday 23 December 10:00 local (09:00 UTC).
      const now = at("2026-12-28T09:00:00Z");
      const cutoff = reviewTargetCutoff(2, now);
      expect(cutoff.toISOString()).toBe("2026-12-23T09:00:00.000Z");
      expect(isPastReviewTarget(cutoff, 2, now)).toBe(true);
      expect(isPastReviewTarget(new Date(cutoff.getTime() + 1), 2, now)).toBe(false);
      // On Monday 23:00 local one working day reaches back past the weekend and both holidays to Thursday 24
      // December 23:00: a Saturday submission is not late yet; on Tuesday 9:00 the cutoff is Monday 9:00, and it is.
      const saturday = at("2026-12-26T12:00:00Z");
      expect(reviewTargetCutoff(1, at("2026-12-28T22:00:00Z")).toISOString()).toBe("2026-12-24T22:00:00.000Z");
      expect(isPastReviewTarget(saturday, 1, at("2026-12-28T22:00:00Z"))).toBe(false);
      expect(reviewTargetCutoff(1, at("2026-12-29T08:00:00Z")).toISOString()).toBe("2026-12-28T08:00:00.000Z");
      expect(isPastReviewTarget(saturday, 1, at("2026-12-29T08:00:00Z"))).toBe(true);
    });
  });
});

