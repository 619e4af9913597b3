import { describe, expect, it } from "vitest";
import { pseudonymiser, recipientKey } from "./pseudonymise.server";

const SECRET = "a-server-secret-of-at-least-32-characters";
const UUID_V8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("pseudonymisation", () => {
  it("derives one key per recipient from the server secret and the normalised label", () => {
    expect(recipientKey(SECRET, "Groep A").equals(recipientKey(SECRET, "  groep   a"))).toBe(true);
    expect(recipientKey(SECRET, "Groep A").equals(recipientKey(SECRET, "Groep B"))).toBe(false);
    expect(recipientKey(SECRET, "Groep A").equals(recipientKey(`${SECRET}x`, "Groep A"))).toBe(false);
  });

  it("gives stable version-8 UUIDs per recipient and kind, unrelated across recipients", () => {
    const a = pseudonymiser(SECRET, { recipient: "Groep A", freeText: "remove" });
    const again = pseudonymiser(SECRET, { recipient: "groep a", freeText: "keep" });
    const b = pseudonymiser(SECRET, { recipient: "Groep B", freeText: "remove" });
    const id = "7d0c4f8e-1f5b-4c1e-9b7a-0c1d2e3f4a5b";
    expect(a.id("patient", id)).toMatch(UUID_V8);
    expect(a.id("patient", id)).toBe(again.id("patient", id));
    expect(a.id("patient", id)).not.toBe(b.id("patient", id));
    expect(a.id("patient", id)).not.toBe(a.id("dossier", id));
    expect(a.id("dossier", id)).toBe(a.id("dossier", id));
  });

  it("shifts every date of a patient by the same whole number of days, at most a year", () => {
    const p = pseudonymiser(SECRET, { recipient: "Groep A", freeText: "remove" });
    const first = new Date("2026-03-01T10:15:00Z");
    const later = new Date("2026-03-09T08:00:00Z");
    const days = (p.shift(first, "patient-1").getTime() - first.getTime()) / 86_400_000;
    expect(Number.isInteger(days)).toBe(true);
    expect(Math.abs(days)).toBeLessThanOrEqual(365);
    expect(p.shift(later, "patient-1").getTime() - p.shift(first, "patient-1").getTime()).toBe(later.getTime() - first.getTime());
    const shifts = new Set(Array.from({ length: 20 }, (_, i) => p.shift(first, `patient-${i}`).getTime()));
    expect(shifts.size).toBeGreaterThan(10);
  });

  it("bands birth years in fives", () => {
    const p = pseudonymiser(SECRET, { recipient: "Groep A", freeText: "remove" });
    expect([1958, 1960, 1964, 2000].map((y) => p.birthYearBand(y))).toEqual(["1955-1959", "1960-1964", "1960-1964", "2000-2004"]);
    expect(p.birthYearBand(null)).toBeNull();
  });
});
