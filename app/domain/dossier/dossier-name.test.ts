import { afterEach, describe, expect, it } from "vitest";
import { CLINIC_TIME_ZONE } from "~/domain/constants";
import { setClinicTimeZone } from "~/domain/clinic-time-zone";
import { dateTimeFormat } from "~/lib/format-date";
import { DOSSIER_NAME_DATE, dossierName } from "./dossier-name";

const day = (at: Date) => at.toISOString().slice(0, 10);

afterEach(() => setClinicTimeZone(CLINIC_TIME_ZONE));

describe("a dossier's name", () => {
  it("is the patient's initials, birth year and the day it was started", () => {
    expect(dossierName({ initials: "J.D.", birthYear: 1958, createdAt: "2026-11-19T10:00:00Z" }, day)).toBe("J.D. · 1958 · 2026-11-19");
  });

  it("leaves out what is not known, and always keeps the day", () => {
    expect(dossierName({ initials: " ", birthYear: 1958, createdAt: "2026-11-19T10:00:00Z" }, day)).toBe("1958 · 2026-11-19");
    expect(dossierName({ initials: "A.B.", birthYear: null, createdAt: new Date("2026-11-19T10:00:00Z") }, day)).toBe("A.B. · 2026-11-19");
    expect(dossierName({ initials: null, birthYear: undefined, createdAt: "2026-11-19T10:00:00Z" }, day)).toBe("2026-11-19");
  });

  it("takes its day from the one formatter, in the page's language and the clinic's time zone", () => {
    // 23:30 UTC on 23 November is already the 24th in Amsterdam, still the 23rd in New York.
    const facts = { initials: "J.D.", birthYear: 1956, createdAt: "2026-11-23T23:30:00Z" };
    const named = (language: string) => dossierName(facts, (at) => dateTimeFormat(language, DOSSIER_NAME_DATE).format(at));
    expect(named("nl")).toBe("J.D. · 1956 · 24 nov 2026");
    expect(named("fr")).toBe("J.D. · 1956 · 24 nov. 2026");
    setClinicTimeZone("America/New_York");
    expect(named("en")).toBe("J.D. · 1956 · Nov 23, 2026");
  });
});
