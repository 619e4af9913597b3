import { describe, expect, it } from "vitest";
import { dayStart, isCalendarDay } from "../calendar-day";
import { parseReportFilters, presetPeriod, previousPeriod } from "./filters";

const TODAY = "2026-11-24";
const parse = (query: string) => parseReportFilters(new URLSearchParams(query), TODAY);

describe("the reporting filters", () => {
  it("take a custom period and compare it with the period of the same length before it", () => {
    const { filters, problems } = parse("period=custom&from=2026-03-01&to=2026-03-31");
    expect(problems).toEqual([]);
    expect(filters).toMatchObject({ preset: "custom", from: "2026-03-01", to: "2026-03-31", previous: { from: "2026-01-29", to: "2026-02-28" } });
  });

  it("name a made-up or malformed day as a period problem and fall back to the default", () => {
    for (const query of ["from=garbage&to=2026-01-01", "from=2026-02-30&to=2026-03-01", "from=2026-02-01&to=2026-01-01", "from=2020-01-01&to=2026-01-01"]) {
      const { filters, problems } = parse(`period=custom&${query}`);
      expect(problems, query).toEqual(["period"]);
      expect(filters, query).toMatchObject({ preset: "4w", ...presetPeriod("4w", TODAY) });
    }
  });

  it("treat a day outside the accepted years as any unusable period, so no period or previous period leaves the calendar", () => {
    // The security review's requests: year 1 (its previous period fell in year 0) and year 9999 (the day after is 10000).
    for (const query of [
      "from=0001-01-01&to=0001-01-02",
      "from=9999-12-30&to=9999-12-31",
      "from=0000-01-01&to=2026-01-01",
      "from=2026-01-01&to=9999-12-31",
      "from=275760-09-13&to=275760-09-13",
      "from=-271821-04-20&to=2026-01-01",
      "from=1899-12-31&to=1900-01-01",
    ]) {
      const { filters, problems } = parse(`period=custom&${query}`);
      expect(problems, query).toEqual(["period"]);
      expect(filters.preset, query).toBe("4w");
      for (const day of [filters.from, filters.to, filters.previous.from, filters.previous.to]) expect(isCalendarDay(day), `${query}: ${day}`).toBe(true);
    }
  });

  it("keep the previous period of the earliest and latest accepted periods a date PostgreSQL takes", () => {
    const earliest = parse("period=custom&from=1900-01-01&to=1902-12-31");
    expect(earliest.problems).toEqual([]);
    expect(earliest.filters.previous).toEqual(previousPeriod({ from: "1900-01-01", to: "1902-12-31" }));
    expect(dayStart(earliest.filters.previous.from).toISOString()).toBe("1897-01-01T00:00:00.000Z");
    const latest = parse("period=custom&from=2100-12-30&to=2100-12-31");
    expect(latest.problems).toEqual([]);
    expect(latest.filters.previous).toEqual({ from: "2100-12-28", to: "2100-12-29" });
  });
});
