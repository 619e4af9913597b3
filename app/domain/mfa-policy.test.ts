import { describe, expect, it } from "vitest";
import { enrolmentPath, enrolmentRouteKey, mustEnrolSecondFactor } from "./mfa-policy";

describe("second-factor policy", () => {
  it("requires enrolment only for the listed roles without a second factor", () => {
    expect(mustEnrolSecondFactor({ role: "supervisor", twoFactorEnabled: false }, ["admin", "supervisor"])).toBe(true);
    expect(mustEnrolSecondFactor({ role: "supervisor", twoFactorEnabled: true }, ["admin", "supervisor"])).toBe(false);
    expect(mustEnrolSecondFactor({ role: "professional", twoFactorEnabled: false }, ["admin", "supervisor"])).toBe(false);
    expect(mustEnrolSecondFactor({ role: "admin", twoFactorEnabled: false }, [])).toBe(false);
  });
  it("sends each role to its own account page", () => {
    expect(enrolmentRouteKey("admin")).toBe("admin-profile");
    expect(enrolmentPath({ id: "p1", role: "professional" })).toBe("/pro/p1/profiel?second-factor=required");
    expect(enrolmentPath({ id: "s1", role: "supervisor" })).toBe("/supervisor/profiel?second-factor=required");
  });
});
