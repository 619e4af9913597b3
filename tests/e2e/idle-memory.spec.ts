/**
 * A production server on the embedded database stays small when nobody is using it (issue 13: idle RSS on PGlite
 * under 300 MB; about 240 MB here). A coarse check that fails on a gross regression — the WebAssembly compiled
 * twice again, PGlite's large shared buffers, a large package loaded at start-up — not on a few megabytes.
 */
import fs from "node:fs";
import { devices } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { startServer } from "./support/server";

test.describe.configure({ timeout: 90_000 });

const DESKTOP = { "user-agent": devices["Desktop Chrome"].userAgent };

function residentMiB(pid: number): number {
  const kB = Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
  return kB / 1024;
}

test("an idle server on the embedded database uses less than 300 MB", async () => {
  // The first start creates the database and the demo data; measured is a server started on an existing one.
  const first = await startServer({ env: { DEMO: "on" } });
  await first.stop();
  const server = await startServer({ env: { DEMO: "on" }, dataDir: first.dataDir });
  try {
    // A person signs in and opens their home page; then the server is left alone.
    const signIn = await fetch(`${server.url}/en?index`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, ...DESKTOP },
      body: new URLSearchParams({ email: "pro@casus.test", password: "casus-demo-2026" }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const home = await fetch(new URL(signIn.headers.get("location")!, server.url), { headers: { cookie, ...DESKTOP } });
    expect(home.status).toBe(200);
    await home.text();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rss = residentMiB(server.pid);
    test.info().annotations.push({ type: "idle RSS", description: `${rss.toFixed(0)} MiB` });
    expect(rss).toBeLessThan(300);
  } finally {
    await server.stop();
  }
});
