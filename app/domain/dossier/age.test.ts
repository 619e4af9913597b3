import { describe, expect, it } from "vitest";
import { daysSince, isPastReviewTarget, workingDaysSince } from "./age";

describe("dossier age", () => {
  it("counts calendar days", () => {
    expect(daysSince(new Date("2026-11-02T10:00:00Z"), new Date("2026-11-09T09:59:00Z"))).toBe(6);
    expect(daysSince(new Date("2026-11-02T10:00:00Z"), new Date("2026-11-09T10:00:00Z"))).toBe(7);
  });

  it("skips weekends when counting working days", () => {
    // Friday 2026-11-06 15:00 → Monday 15:00 is one working day, Tuesday 15:00 two.
    const friday = new Date("2026-11-06T15:00:00Z");
    expect(workingDaysSince(friday, new Date("2026-11-09T14:59:00Z"))).toBe(0);
    expect(workingDaysSince(friday, new Date("2026-11-09T15:00:00Z"))).toBe(1);
    expect(workingDaysSince(friday, new Date("2026-11-10T15:00:00Z"))).toBe(2);
    expect(isPastReviewTarget(friday, 2, new Date("2026-11-10T14:00:00Z"))).toBe(false);
    expect(isPastReviewTarget(friday, 2, new Date("2026-11-10T15:00:00Z"))).toBe(true);
  });
});
