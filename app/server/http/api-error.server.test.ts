/** The one error answer of the JSON endpoints, over real HTTP. */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { StorageError } from "~/domain/storage-errors";
import { sendApiError } from "./api-error.server";

let server: ReturnType<express.Express["listen"]>;
let base: string;

beforeAll(async () => {
  const app = express();
  app.get("/storage", (req, res) => sendApiError(req, res, new StorageError("storage/quota-exceeded", { quotaBytes: 10, usedBytes: 9, path: "/secret/x" })));
  app.get("/app", (req, res) => sendApiError(req, res, new AppError("not-found", { table: "dossier" }), { "Tus-Resumable": "1.0.0" }));
  app.get("/bug", (req, res) => sendApiError(req, res, new TypeError("Cannot read properties of undefined (reading 'id')")));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("sendApiError", () => {
  it("answers a storage error with its status, code and harmless details only", async () => {
    const response = await fetch(`${base}/storage`);
    expect(response.status).toBe(402);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ code: "storage/quota-exceeded", quotaBytes: 10, usedBytes: 9 });
  });

  it("answers an application error with its status and code, never its details", async () => {
    const response = await fetch(`${base}/app`);
    expect(response.status).toBe(404);
    expect(response.headers.get("tus-resumable")).toBe("1.0.0");
    expect(await response.json()).toEqual({ code: "not-found" });
  });

  it("answers anything else as internal, without a stack or a message", async () => {
    const response = await fetch(`${base}/bug`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('{"code":"internal"}');
  });
});
