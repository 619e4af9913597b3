import { describe, expect, it } from "vitest";
import { clockOffset, clockOffsetFromDateHeader, onDeviceClock } from "./device-clock";

const T0 = Date.UTC(2026, 10, 28, 9, 30, 0);
const HOUR = 3_600_000;

describe("server times on the device's clock", () => {
  it("moves a server time by how far the device's clock is off, ahead or behind", () => {
    expect(onDeviceClock(T0 + HOUR, clockOffset(T0, T0 + 240 * HOUR))).toBe(T0 + 241 * HOUR);
    expect(onDeviceClock(T0 + HOUR, clockOffset(T0, T0 - 3 * HOUR))).toBe(T0 - 2 * HOUR);
    expect(onDeviceClock(T0 + HOUR, clockOffset(T0, T0))).toBe(T0 + HOUR);
  });

  it("reads the server's time from an HTTP Date header, and keeps the last offset without one", () => {
    expect(clockOffsetFromDateHeader("Sat, 28 Nov 2026 09:30:00 GMT", T0 - 3 * HOUR + 250, 0)).toBe(-3 * HOUR + 250);
    expect(clockOffsetFromDateHeader(null, T0, 42)).toBe(42);
    expect(clockOffsetFromDateHeader("not a date", T0, 42)).toBe(42);
  });
});
