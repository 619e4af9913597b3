/**
 * Several instances, one truth (issue 17, decision 084): two real Casus processes on one PostgreSQL, one
 * S3-compatible store (s3rver) and one shared DATA_DIR, behind a round-robin proxy that sends each request to the
 * next instance. Sign-in, pages, a live event made on one instance and heard on a stream of the other, an upload
 * created, cut off and resumed through alternating instances and then downloaded from both, an export started on one
 * and downloaded from both, the shared sign-in rate limit, and the first-administrator setup code printed by one
 * instance and used through the other, once.
 * (E-mail jobs across instances: jobs-survive-a-crash.spec.ts.)
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fakeMedia, sha256, tusMetadata, WEBM_HEAD } from "../support/media-bytes";
import { startS3Server } from "../support/s3-server";
import { DEMO_PASSWORD } from "./support/fixtures";
import { expect, test } from "./support/fixtures";
import { createOwnDatabase } from "./support/own-database";
import { startRoundRobinProxy } from "./support/round-robin-proxy";
import { startServer, type RunningServer } from "./support/server";

test.describe.configure({ timeout: 150_000 });

const MiB = 1024 * 1024;

async function twoInstances(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "casus-shared-"));
  // The proxy listens first, so its address is known to the instances and no instance can take its port (a port
  // found free and bound only later went to instance A once, and the proxy's listen failed).
  const backends: string[] = [];
  const proxy = await startRoundRobinProxy(backends);
  const shared = { ...env, BASE_URL: proxy.url, AUTH_SECRET: "several-instances-secret-0123456789abcdef", REMINDER_TIME: "off" };
  // One after the other: the first migrates and seeds, the second finds it done (and takes its turn at the lock).
  const a = await startServer({ env: shared, dataDir });
  const b = await startServer({ env: shared, dataDir });
  backends.push(a.url, b.url);
  return { a, b, proxy, dataDir };
}

/** Signs in through `base` with the sign-in form's POST; returns the cookie header, or the refusal's status. */
async function signIn(base: string, email: string, password = DEMO_PASSWORD): Promise<{ cookie: string } | { status: number; body: string }> {
  const response = await fetch(`${base}/?index`, {
    method: "POST",
    headers: { Origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  if (response.status !== 302) return { status: response.status, body: await response.text() };
  return {
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}

function cookieOf(result: Awaited<ReturnType<typeof signIn>>): string {
  if (!("cookie" in result)) throw new Error(`sign-in refused with HTTP ${result.status}`);
  return result.cookie;
}

/** Resolves once some bytes are in `stagedFile` (at most 15 s), whatever the machine's load. */
async function someBytesStaged(stagedFile: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 15_000; await new Promise((r) => setTimeout(r, 20))) {
    if (fs.existsSync(stagedFile) && fs.statSync(stagedFile).size > 0) return;
  }
}

/**
 * Sends the first `cutAfter` bytes of a PATCH and drops the connection, as a phone losing its network would: once
 * the server has staged some of them in `stagedFile` (a fixed pause was too short on a busy machine).
 */
function patchAndDrop(url: string, headers: Record<string, string>, bytes: Buffer, cutAfter: number, stagedFile: string): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: "PATCH",
      headers: { ...headers, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream", "Content-Length": String(bytes.length) },
    });
    request.on("error", () => resolve());
    request.on("close", () => resolve());
    request.write(bytes.subarray(0, cutAfter), () => void someBytesStaged(stagedFile).then(() => request.destroy()));
  });
}

test("two instances behind a round-robin proxy behave as one", async () => {
  const own = await createOwnDatabase();
  const s3 = await startS3Server();
  const { settings } = s3;
  const instances = await twoInstances({
    DEMO: "on",
    DATABASE_URL: own.url,
    S3_ENDPOINT: settings.endpoint!,
    S3_REGION: settings.region,
    S3_BUCKET: settings.bucket,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: "on",
    SIGN_IN_RATE_LIMIT_PER_MINUTE: "5",
  });
  const { proxy } = instances;
  const base = proxy.url;
  try {
    // Sign-in on one instance, pages on both: the session lives in the database.
    const sup = cookieOf(await signIn(base, "supervisor@casus.test"));
    const pro = cookieOf(await signIn(base, "pro@casus.test"));
    const before = proxy.served.length;
    for (let i = 0; i < 4; i++) {
      const page = await fetch(`${base}/supervisor`, { headers: { cookie: sup } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Dr. Sven Supervisor");
    }
    expect(new Set(proxy.served.slice(before).map((s) => s.backend))).toEqual(new Set([0, 1]));

    // Live: a stream on one instance hears a claim made on the other.
    const stream = await fetch(`${base}/api/live`, { headers: { cookie: sup, accept: "text/event-stream" } });
    expect(stream.status).toBe(200);
    const streamBackend = proxy.served[proxy.served.length - 1].backend;
    const reader = stream.body!.getReader();
    let received = "";
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 15_000;
      while (!received.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`no "${needle}" on the stream; got:\n${received}`);
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        received += new TextDecoder().decode(value);
      }
    };
    await readUntil("event: ready");
    const [waiting] = await own.query<{ id: string }>(
      `select d.id from dossier d join supervisor_organisation so on so.organisation_id = d.organisation_id join "user" u on u.id = so.supervisor_id
       where u.email = 'supervisor@casus.test' and d.status = 'submitted' order by d.submitted_at limit 1`,
    );
    const claim = await fetch(`${base}/supervisor`, {
      method: "POST",
      headers: { cookie: sup, Origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "claim", dossierId: waiting.id }),
      redirect: "manual",
    });
    expect(claim.status).toBeLessThan(400);
    expect(proxy.served[proxy.served.length - 1].backend).not.toBe(streamBackend);
    await readUntil(`"dossierId":"${waiting.id}","organisationId"`);
    expect(received).toMatch(new RegExp(`"dossierId":"${waiting.id}"[^\\n]*"kind":"claim"`));
    await reader.cancel();

    // An upload: created on one instance, cut off half-way, resumed and finished through the other ones in turn.
    const { token } = (await (await fetch(`${base}/api/app-check`, { headers: { cookie: pro } })).json()) as { token: string };
    const tus = { "Tus-Resumable": "1.0.0", cookie: pro, "x-casus-app-check": token };
    const bytes = fakeMedia(WEBM_HEAD, 6 * MiB + 321);
    const created = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers: { ...tus, "Upload-Length": String(bytes.length), "Upload-Metadata": tusMetadata({ filetype: "video/webm", filename: "twee-servers.webm" }) },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const id = location.split("/").pop()!;
    // Both instances stage into the shared data directory's uploads folder (upload-server.server.ts).
    await patchAndDrop(`${base}${location}`, tus, bytes, 3 * MiB, path.join(instances.dataDir, "uploads", id));
    const uploadRequests = proxy.served.length;
    let offset = -1;
    for (let attempt = 0; attempt < 50 && offset < 0; attempt++) {
      const head = await fetch(`${base}${location}`, { method: "HEAD", headers: tus });
      if (head.status === 200) offset = Number(head.headers.get("upload-offset"));
      else await new Promise((r) => setTimeout(r, 200));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(3 * MiB);
    const rest = await fetch(`${base}${location}`, {
      method: "PATCH",
      headers: { ...tus, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
      body: new Uint8Array(bytes.subarray(offset)),
    });
    expect(rest.status).toBe(204);
    expect(new Set(proxy.served.slice(uploadRequests - 1).map((s) => s.backend))).toEqual(new Set([0, 1]));
    const info = (await (await fetch(`${base}/api/media/${id}`, { headers: { cookie: pro } })).json()) as { sha256: string; status: string; urls: { file: string } };
    expect(info).toMatchObject({ status: "complete", sha256: sha256(bytes) });
    // The object is in the shared store: both instances hand out the same bytes.
    for (let i = 0; i < 2; i++) {
      const file = await fetch(new URL(info.urls.file, base));
      expect(file.status).toBe(200);
      expect(crypto.createHash("sha256").update(Buffer.from(await file.arrayBuffer())).digest("hex")).toBe(info.sha256);
    }
    expect(fs.readdirSync(path.join(instances.dataDir, "uploads")).filter((name) => name.startsWith(id))).toEqual([]);

    // An export started on one instance, followed and downloaded through both (its files on the shared DATA_DIR).
    const admin = cookieOf(await signIn(base, "admin@casus.test"));
    const json = { cookie: admin, Origin: base, "content-type": "application/json" };
    const started = await fetch(`${base}/api/exports`, { method: "POST", headers: json, body: JSON.stringify({ filters: { statuses: ["completed"] }, format: "ndjson" }) });
    expect(started.status).toBe(202);
    const job = (await started.json()) as { id: string };
    let status: { status: string; sha256: string | null; links: { file: string } | null } = { status: "queued", sha256: null, links: null };
    for (let i = 0; i < 150 && status.status !== "completed"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await (await fetch(`${base}/api/exports/${job.id}`, { headers: { cookie: admin } })).json()) as typeof status;
      expect(["queued", "running", "completed"]).toContain(status.status);
    }
    expect(status.status).toBe("completed");
    for (let i = 0; i < 2; i++) {
      const file = await fetch(`${base}${status.links!.file}`, { headers: { cookie: admin } });
      expect(file.status).toBe(200);
      expect(crypto.createHash("sha256").update(Buffer.from(await file.arrayBuffer())).digest("hex")).toBe(status.sha256);
    }

    // The sign-in rate limit counts on both: three sign-ins above, two failures here, then even the right password waits.
    for (let i = 0; i < 2; i++) {
      const refused = await signIn(base, "pro2@casus.test", "wrong-password-123");
      expect("status" in refused && refused.status).not.toBe(429);
    }
    const limited = await signIn(base, "pro2@casus.test");
    expect("status" in limited && limited.status).toBe(429);
  } finally {
    await instances.proxy.close();
    await Promise.all([instances.a.stop(), instances.b.stop()]);
    await s3.stop();
    await own.close();
  }
});

test("the setup code printed by one instance is used through the other, once", async ({ browser }) => {
  const own = await createOwnDatabase();
  const instances = await twoInstances({ DATABASE_URL: own.url });
  const { a, b, proxy } = instances;
  const codeOf = (server: RunningServer) => /one-time setup code: ([A-Z0-9-]+)/.exec(server.output())?.[1];
  try {
    const code = codeOf(a);
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(codeOf(b)).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    const context = await browser.newContext({ baseURL: proxy.url });
    const page = await context.newPage();
    await page.goto("/admin/setup");
    await page.getByLabel("Installatiecode").fill(code!);
    await page.getByLabel("Naam").fill("Eerste Beheerder");
    await page.getByLabel("E-mailadres").fill("beheer@kliniek.test");
    await page.getByLabel(/^Wachtwoord/).fill("een-lang-en-sterk-wachtwoord");
    await page.getByRole("button", { name: "Beheerder aanmaken" }).click();
    await expect(page).toHaveURL(/\/admin\/profiel\?second-factor=required$/);
    await context.close();
    // Once there is an administrator, the setup page is gone on both instances, whichever code one has.
    for (let i = 0; i < 2; i++) expect((await fetch(`${proxy.url}/admin/setup`)).status).toBe(404);
    const [{ n }] = await own.query<{ n: number }>("select count(*)::int as n from setup_code");
    expect(n).toBe(0);
  } finally {
    await proxy.close();
    await Promise.all([a.stop(), b.stop()]);
    await own.close();
  }
});
