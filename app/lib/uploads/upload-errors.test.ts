import { describe, expect, it } from "vitest";
import { failureFromResponse, retryCanHelp } from "./upload-errors";

describe("what a refused storage request means", () => {
  it("maps 401/402/403 by the seed's rule, keeping a 403's unauthorized-app", () => {
    expect(failureFromResponse(401, null).code).toBe("storage/unauthenticated");
    expect(failureFromResponse(402, "{}").code).toBe("storage/quota-exceeded");
    expect(failureFromResponse(403, JSON.stringify({ code: "storage/unknown" })).code).toBe("storage/unauthorized");
    expect(failureFromResponse(403, JSON.stringify({ code: "storage/unauthorized-app", reason: "expired" }))).toEqual({ code: "storage/unauthorized-app", reason: "expired" });
  });
});

describe("whether a retry can help", () => {
  it("not for a file the server will always refuse: a type never accepted, too large, already complete", () => {
    for (const reason of ["type-not-allowed", "too-large", "already-complete"]) {
      expect(retryCanHelp(failureFromResponse(400, JSON.stringify({ code: "storage/invalid-argument", reason }))), reason).toBe(false);
    }
    expect(retryCanHelp(failureFromResponse(403, null))).toBe(false);
  });

  it("for a lost connection, a server fault, an expired sign-in or app token, a full quota", () => {
    expect(retryCanHelp(failureFromResponse(null, null))).toBe(true);
    expect(retryCanHelp(failureFromResponse(500, null))).toBe(true);
    expect(retryCanHelp(failureFromResponse(401, null))).toBe(true);
    expect(retryCanHelp(failureFromResponse(403, JSON.stringify({ code: "storage/unauthorized-app" })))).toBe(true);
    expect(retryCanHelp(failureFromResponse(402, null))).toBe(true);
  });
});
