import { describe, expect, it } from "vitest";
import { dossierName } from "./dossier-name";

const day = (at: Date) => at.toISOString().slice(0, 10);

describe("a dossier's name", () => {
  it("is the patient's initials, birth year and the day it was started", () => {
    expect(dossierName({ initials: "J.D.", birthYear: 1958, createdAt: "2026-11-19T10:00:00Z" }, day)).toBe("J.D. · 1958 · 2026-11-19");
  });

  it("leaves out what is not known, and always keeps the day", () => {
    expect(dossierName({ initials: " ", birthYear: 1958, createdAt: "2026-11-19T10:00:00Z" }, day)).toBe("1958 · 2026-11-19");
    expect(dossierName({ initials: "A.B.", birthYear: null, createdAt: new Date("2026-11-19T10:00:00Z") }, day)).toBe("A.B. · 2026-11-19");
    expect(dossierName({ initials: null, birthYear: undefined, createdAt: "2026-11-19T10:00:00Z" }, day)).toBe("2026-11-19");
  });
});
