import { describe, expect, it } from "vitest";
import { toE164 as canonicalPhone } from "../phone";
import { displayPhone } from "./phone";

describe("patient phone numbers", () => {
  it("accepts Dutch national and international forms as one E.164 number", () => {
    for (const typed of ["06 12345678", "0612345678", "06-1234 5678", "+31 6 12345678", "0031612345678", "+31612345678"]) {
      expect(canonicalPhone(typed)).toBe("+31612345678");
    }
    expect(canonicalPhone("+32 470 12 34 56")).toBe("+32470123456");
    expect(canonicalPhone("020 123 4567")).toBe("+31201234567");
  });

  it("refuses what is not a phone number", () => {
    for (const typed of ["", "12", "06 1234", "hello", "+31 6 12345678 9999 9999 9999 9999 9999 9999 9999"]) expect(canonicalPhone(typed)).toBeNull();
  });

  it("shows Dutch numbers nationally and others internationally", () => {
    expect(displayPhone("+31612345678")).toBe("06 12345678");
    expect(displayPhone("+32470123456")).toBe("+32 470 12 34 56");
  });

  it("shows the same number the same way the second time, and after many other numbers", () => {
    for (let round = 0; round < 2; round++) {
      expect(displayPhone("+31612345678")).toBe("06 12345678");
      expect(displayPhone("not a number")).toBe("not a number");
      for (let i = 0; i < 6_000; i++) displayPhone(`+316${String(10_000_000 + i)}`);
      expect(displayPhone("+31612345679")).toBe("06 12345679");
      expect(displayPhone("+32470123456")).toBe("+32 470 12 34 56");
    }
  });
});
