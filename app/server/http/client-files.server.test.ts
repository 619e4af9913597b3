/**
 * The client directory's own files (client-files.server.ts): served from disk when the address names one of them,
 * and no disk lookup at all for anything else — a page, or the `.data` a navigation fetches (issue 13's profiles).
 */
import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { clientFiles } from "./client-files.server";

describe("the client directory's own files", () => {
  let server: Server;
  let base: string;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-client-files-"));
    fs.writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
    fs.mkdirSync(path.join(dir, "models", "in-ear"), { recursive: true });
    fs.writeFileSync(path.join(dir, "models", "in-ear", "model.json"), "{}");
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets", "app.js"), "");
    const app = express();
    app.use(clientFiles(dir, { skip: ["assets"] }));
    app.use((_req, res) => void res.send("page"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => vi.restoreAllMocks());

  it("are served from disk, with an hour's cache", async () => {
    const robots = await fetch(`${base}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toBe("User-agent: *\n");
    expect(robots.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await fetch(`${base}/models/in-ear/model.json`)).text()).toBe("{}");
  });

  it("a page, and a page's data fetched by a navigation, go on without looking at the disk", async () => {
    // express.static looks a file up with fs.stat; a page request must not make one (issue 13: a failed stat() on
    // every `.data` request).
    const stat = vi.spyOn(fs, "stat");
    for (const address of ["/en/pro/abc", "/en/pro/abc/mijn-dossiers.data", "/_root.data", "/robots.txt.data", "/model.json"]) {
      const answer = await fetch(`${base}${address}`);
      expect(await answer.text(), address).toBe("page");
    }
    expect(stat).not.toHaveBeenCalled();
    // The spy sees the lookups express.static makes: a file of the directory is looked up.
    await (await fetch(`${base}/robots.txt`)).text();
    expect(stat).toHaveBeenCalled();
  });

  it("leave /assets to its own handler, and a missing file under a known name to what follows", async () => {
    expect(await (await fetch(`${base}/assets/app.js`)).text()).toBe("page");
    expect(await (await fetch(`${base}/models/none.json`)).text()).toBe("page");
    // A directory's own name is no file: no redirect to it with a slash.
    for (const address of ["/models", "/models/in-ear"]) {
      const answer = await fetch(`${base}${address}`, { redirect: "manual" });
      expect(answer.status, address).toBe(200);
      expect(await answer.text(), address).toBe("page");
    }
  });
});
