import { describe, expect, it } from "vitest";
import { formatPhoneNumber, isE164, toE164 } from "./phone";

describe("toE164", () => {
  it("reads Dutch national numbers and international forms as the same E.164 number", () => {
    for (const typed of ["06 12345678", "0612345678", "06-1234 5678", "+31 6 12345678", "0031612345678", "+31612345678"]) {
      expect(toE164(typed), typed).toBe("+31612345678");
    }
  });
  it("keeps other countries' numbers when they carry their code", () => {
    expect(toE164("+49 30 12345678")).toBe("+493012345678");
  });
  it("refuses what is not a valid number", () => {
    for (const typed of ["", "12", "06 1234", "not a number", "+31 6 1234567890123", "x".repeat(50)]) expect(toE164(typed), typed).toBeNull();
  });
});

describe("isE164 and formatPhoneNumber", () => {
  it("accepts only the canonical form", () => {
    expect(isE164("+31612345678")).toBe(true);
    expect(isE164("0612345678")).toBe(false);
    expect(isE164("+31 6 12345678")).toBe(false);
  });
  it("formats for display", () => {
    expect(formatPhoneNumber("+31612345678")).toBe("+31 6 12345678");
  });
});
