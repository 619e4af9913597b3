import { describe, expect, it } from "vitest";
import { failureFromResponse } from "./upload-errors";

describe("what a refused storage request means", () => {
  it("maps 401/402/403 by the seed's rule, keeping a 403's unauthorized-app", () => {
    expect(failureFromResponse(401, null).code).toBe("storage/unauthenticated");
    expect(failureFromResponse(402, "{}").code).toBe("storage/quota-exceeded");
    expect(failureFromResponse(403, JSON.stringify({ code: "storage/unknown" })).code).toBe("storage/unauthorized");
    expect(failureFromResponse(403, JSON.stringify({ code: "storage/unauthorized-app", reason: "expired" }))).toEqual({ code: "storage/unauthorized-app", reason: "expired" });
  });
});
