import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { errorResponse, notFound } from "./responses.server";

describe("route error responses", () => {
  it("notFound is a 404 with the not-found code", () => {
    const response = notFound();
    expect(response.init?.status).toBe(404);
    expect(response.data).toEqual({ code: "not-found" });
    // React Router would call it "Internal Server Error" in the route data without one of its own.
    expect(response.init?.statusText).toBe("Not Found");
  });

  it("errorResponse takes status and code from the AppError", () => {
    const response = errorResponse(new AppError("too-many-requests", { retryAfter: 30 }));
    expect(response.init?.status).toBe(429);
    // Details stay on the server: only the code crosses to the page.
    expect(response.data).toEqual({ code: "too-many-requests" });
    expect(response.init?.statusText).toBe("Too Many Requests");
  });
});
