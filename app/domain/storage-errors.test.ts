import { describe, expect, it } from "vitest";
import { AppError, ERROR_STATUS } from "./errors";
import { isStorageError, STORAGE_ERROR_CODES, StorageError, storageErrorCodeForStatus } from "./storage-errors";

describe("storage error codes", () => {
  it("are the seed's ten, namespaced, in the one error map", () => {
    expect([...STORAGE_ERROR_CODES].sort()).toEqual(
      [
        "unknown",
        "object-not-found",
        "quota-exceeded",
        "unauthenticated",
        "unauthorized",
        "unauthorized-app",
        "retry-limit-exceeded",
        "canceled",
        "invalid-url",
        "invalid-argument",
      ]
        .map((code) => `storage/${code}`)
        .sort(),
    );
  });

  it.each([
    ["storage/unknown", 500],
    ["storage/object-not-found", 404],
    ["storage/quota-exceeded", 402],
    ["storage/unauthenticated", 401],
    ["storage/unauthorized", 403],
    ["storage/unauthorized-app", 403],
    ["storage/retry-limit-exceeded", 503],
    ["storage/canceled", 400],
    ["storage/invalid-url", 400],
    ["storage/invalid-argument", 400],
  ] as const)("%s → %i", (code, status) => {
    expect(ERROR_STATUS[code]).toBe(status);
  });
});

describe("StorageError", () => {
  it("is an AppError with its code, status, details and cause", () => {
    const cause = new Error("NoSuchKey");
    const error = new StorageError("storage/object-not-found", { key: "org-1/video" }, { cause });
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ name: "StorageError", code: "storage/object-not-found", status: 404, details: { key: "org-1/video" }, message: "storage/object-not-found" });
    expect(error.cause).toBe(cause);
    expect(isStorageError(error)).toBe(true);
    expect(isStorageError(error, "storage/object-not-found")).toBe(true);
    expect(isStorageError(error, "storage/unknown")).toBe(false);
    expect(isStorageError(new AppError("not-found"))).toBe(false);
  });
});

describe("storageErrorCodeForStatus", () => {
  it.each([
    [401, "storage/unauthenticated"],
    [402, "storage/quota-exceeded"],
    [403, "storage/unauthorized"],
  ] as const)("%i → %s", (status, code) => {
    expect(storageErrorCodeForStatus(status)).toBe(code);
  });

  it.each([200, 400, 404, 409, 429, 500, 503])("%i has no fixed storage meaning (null)", (status) => {
    expect(storageErrorCodeForStatus(status)).toBeNull();
  });
});
