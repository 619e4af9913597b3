import { describe, expect, it } from "vitest";
import { AppError, ERROR_CODES, ERROR_STATUS, errorMessageKey, type ErrorCode } from "./errors";

describe("the error map", () => {
  it("lists every code once", () => {
    expect(ERROR_CODES).toEqual(Object.keys(ERROR_STATUS));
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it("maps every code to a 4xx or 5xx status", () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code]).toBeLessThan(600);
    }
  });

  it.each([
    ["not-found", 404],
    ["invalid-argument", 400],
    ["unauthenticated", 401],
    ["csrf-rejected", 403],
    ["conflict", 409],
    ["payload-too-large", 413],
    ["too-many-requests", 429],
    ["key-empty", 400],
    ["key-forbidden-character", 400],
    ["key-control-character", 400],
    ["string-too-long", 413],
    ["setup-code-invalid", 400],
    ["wrong-credentials", 401],
    ["user-disabled", 403],
    ["mail-delivery-failed", 503],
    ["internal", 500],
  ] as [ErrorCode, number][])("%s → %i", (code, status) => {
    expect(ERROR_STATUS[code]).toBe(status);
  });

  it("never answers 403 for a record the user may not see: not-found is 404", () => {
    expect(ERROR_STATUS["not-found"]).toBe(404);
  });
});

describe("AppError", () => {
  it("carries its code, the mapped status and details", () => {
    const error = new AppError("conflict", { expectedVersion: 3 });
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(AppError);
    expect(error.name).toBe("AppError");
    expect(error.code).toBe("conflict");
    expect(error.status).toBe(409);
    expect(error.details).toEqual({ expectedVersion: 3 });
  });

  it("has the code (not an English sentence) as its message, and empty details by default", () => {
    const error = new AppError("string-too-long");
    expect(error.message).toBe("string-too-long");
    expect(error.status).toBe(413);
    expect(error.details).toEqual({});
  });

  it.each(ERROR_CODES)("%s gets its status from the one map", (code) => {
    expect(new AppError(code).status).toBe(ERROR_STATUS[code]);
  });
});

describe("errorMessageKey", () => {
  it.each(ERROR_CODES)("%s → errors:codes.%s", (code) => {
    expect(errorMessageKey(code)).toBe(`errors:codes.${code}`);
  });
});
