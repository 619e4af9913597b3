/**
 * The JSON and stream endpoints, requested as every kind of visitor — signed out, each role, a professional of the
 * other organisation, and a colleague in the same organisation as the owner: the status each gets, written out as
 * the specification (issue 12), not computed from the code under test. The page routes are in route-matrix.spec.ts.
 */
import type { APIRequestContext } from "@playwright/test";
import { apiSession, expect, test } from "./support/fixtures";
import { COLLEAGUE_EMAIL, type MatrixFixtures, matrixFixtures } from "./support/matrix-fixtures";
import { API_ENDPOINT_NAMES, type ApiEndpointName } from "../../app/domain/api-table";
import { APP_CHECK_HEADER } from "../../app/domain/constants";

type Visitor = "anon" | "admin" | "supervisor" | "pro" | "pro2" | "colleague";
type Expectation = Record<Visitor, number>;

const EMAILS: Record<Exclude<Visitor, "anon">, string> = {
  admin: "admin@casus.test",
  supervisor: "supervisor@casus.test",
  pro: "pro@casus.test",
  pro2: "pro2@casus.test",
  colleague: COLLEAGUE_EMAIL,
};

const PUBLIC: Expectation = { anon: 200, admin: 200, supervisor: 200, pro: 200, pro2: 200, colleague: 200 };
const SIGNED_IN: Expectation = { anon: 401, admin: 200, supervisor: 200, pro: 200, pro2: 200, colleague: 200 };
const ADMIN: Expectation = { anon: 401, admin: 200, supervisor: 404, pro: 404, pro2: 404, colleague: 404 };
/** pro's medium, attached to pro's submitted dossier in the first organisation (the supervisor is assigned to it). */
const PRO_MEDIUM: Expectation = { anon: 401, admin: 200, supervisor: 200, pro: 200, pro2: 404, colleague: 404 };
/** pro's upload in progress: the uploader's alone (and the admin's). */
const PRO_UPLOAD: Expectation = { anon: 401, admin: 200, supervisor: 404, pro: 200, pro2: 404, colleague: 404 };
const NOBODY_SIGNED_IN: Expectation = { anon: 401, admin: 404, supervisor: 404, pro: 404, pro2: 404, colleague: 404 };
/** pro's submitted dossier: its media list. The admin reads every dossier (oversight). */
const PRO_DOSSIER: Expectation = { anon: 401, admin: 200, supervisor: 200, pro: 200, pro2: 404, colleague: 404 };
/** pro's draft: not yet shared with the supervisor. */
const PRO_DRAFT: Expectation = { anon: 401, admin: 200, supervisor: 404, pro: 200, pro2: 404, colleague: 404 };

/** Reporting: administrators and supervisors. */
const ADMIN_SUPERVISOR: Expectation = { anon: 401, admin: 200, supervisor: 200, pro: 404, pro2: 404, colleague: 404 };
const ADMIN_SUPERVISOR_BAD_REQUEST: Expectation = { anon: 401, admin: 400, supervisor: 400, pro: 404, pro2: 404, colleague: 404 };

/** Any signed-in visitor passes the guard; what they sent is then refused by the endpoint itself (400). */
const SIGNED_IN_BAD_REQUEST: Expectation = { anon: 401, admin: 400, supervisor: 400, pro: 400, pro2: 400, colleague: 400 };
/** An administrator's endpoint given a body it refuses: 404 to anyone else, before the body is read. */
const ADMIN_BAD_REQUEST: Expectation = { anon: 401, admin: 400, supervisor: 404, pro: 404, pro2: 404, colleague: 404 };

interface Case {
  /** The API table entry (app/domain/api-table.ts) this request reaches. */
  endpoint: ApiEndpointName;
  path: string;
  expected: Expectation;
  method?: "GET" | "HEAD" | "POST" | "PUT" | "OPTIONS";
  headers?: Record<string, string>;
  body?: string | Buffer;
}

interface Facts {
  appCheck: Record<string, string>;
  activeModelId: string;
  signedFileUrl: string;
  /** A completed dossier export, started by the admin for this test. */
  exportId: string;
}

function cases(f: MatrixFixtures, facts: Facts): Case[] {
  const missing = "00000000-0000-4000-8000-000000000000";
  const tus = { "Tus-Resumable": "1.0.0", ...facts.appCheck };
  const json = { "Content-Type": "application/json" };
  return [
    { endpoint: "version", path: "/api/version", expected: PUBLIC },
    { endpoint: "health", path: "/healthz", expected: PUBLIC },
    { endpoint: "translations", path: "/locales/en/common.json", expected: PUBLIC },
    { endpoint: "appCheck", path: "/api/app-check", expected: PUBLIC },
    { endpoint: "uploadOptions", path: "/api/uploads", method: "OPTIONS", headers: { "Tus-Resumable": "1.0.0" }, expected: { anon: 204, admin: 204, supervisor: 204, pro: 204, pro2: 204, colleague: 204 } },
    // A creation without its length: refused by tus itself, once the app and the session have been checked.
    { endpoint: "uploadCreate", path: "/api/uploads", method: "POST", headers: tus, expected: SIGNED_IN_BAD_REQUEST },
    { endpoint: "upload", path: `/api/uploads/${f.media.first}`, method: "HEAD", headers: tus, expected: PRO_MEDIUM },
    { endpoint: "upload", path: `/api/uploads/${missing}`, method: "HEAD", headers: tus, expected: NOBODY_SIGNED_IN },
    { endpoint: "activeModel", path: "/api/ml/models/active", expected: SIGNED_IN },
    { endpoint: "modelFile", path: `/api/ml/models/${facts.activeModelId}/model.json`, expected: SIGNED_IN },
    { endpoint: "modelFile", path: `/api/ml/models/${missing}/model.json`, expected: NOBODY_SIGNED_IN },
    { endpoint: "saveModel", path: "/api/ml/models", method: "POST", headers: json, body: "{}", expected: ADMIN_BAD_REQUEST },
    { endpoint: "dataset", path: "/api/ml/dataset", expected: ADMIN },
    { endpoint: "labelledImage", path: `/api/ml/images/${missing}/thumb.jpg`, expected: NOBODY_SIGNED_IN },
    { endpoint: "saveLabelledImage", path: "/api/ml/images", method: "POST", headers: json, body: "{}", expected: ADMIN_BAD_REQUEST },
    { endpoint: "datasetZip", path: "/api/ml/export.zip", expected: ADMIN },
    { endpoint: "testVideo", path: `/api/ml/videos/${missing}`, expected: NOBODY_SIGNED_IN },
    { endpoint: "medium", path: `/api/media/${f.media.first}`, expected: PRO_MEDIUM },
    { endpoint: "medium", path: `/api/media/${f.media.uploading}`, expected: PRO_UPLOAD },
    { endpoint: "medium", path: `/api/media/${missing}`, expected: NOBODY_SIGNED_IN },
    // Only the uploader's browser gives a medium its preview; others who may see it may not replace it (403, like
    // cancelling someone else's upload), those who may not see it learn nothing (404). The uploader neither, once
    // its dossier is submitted (409 dossier/not-editable): the supervisor sees what was submitted.
    { endpoint: "mediumPreview", path: `/api/media/${f.media.first}/poster`, method: "PUT", headers: facts.appCheck, body: PNG, expected: { anon: 401, admin: 403, supervisor: 403, pro: 409, pro2: 404, colleague: 404 } },
    { endpoint: "mediumPreview", path: `/api/media/${f.media.uploading}/poster`, method: "PUT", headers: facts.appCheck, body: PNG, expected: { ...PRO_UPLOAD, admin: 403 } },
    // A signed URL is its own permission: anyone holding it gets the bytes (it expires); a tampered one nobody.
    { endpoint: "mediumBytes", path: facts.signedFileUrl, method: "HEAD", expected: PUBLIC },
    { endpoint: "mediumBytes", path: facts.signedFileUrl.replace(/signature=[^&]+/, "signature=AAAA"), method: "HEAD", expected: { anon: 400, admin: 400, supervisor: 400, pro: 400, pro2: 400, colleague: 400 } },
    { endpoint: "dossierMedia", path: `/api/dossiers/${f.dossiers.first}/media`, expected: PRO_DOSSIER },
    { endpoint: "dossierMedia", path: `/api/dossiers/${f.dossiers.draft}/media`, expected: PRO_DRAFT },
    { endpoint: "dossierMedia", path: `/api/dossiers/${f.dossiers.third}/media`, expected: { anon: 401, admin: 200, supervisor: 404, pro: 404, pro2: 404, colleague: 404 } },
    { endpoint: "dossierMedia", path: `/api/dossiers/${missing}/media`, expected: NOBODY_SIGNED_IN },
    // Frame judgements are the reviewing supervisor's (decision 075): nobody reviews these dossiers yet, so a valid
    // judgement is "not found" to everyone, the assigned supervisor included; a body it cannot read is 400.
    { endpoint: "frameJudgement", path: `/api/dossiers/${f.dossiers.first}/media/${f.media.first}/judgement`, method: "POST", headers: json, body: '{"judgement":"unusable"}', expected: NOBODY_SIGNED_IN },
    { endpoint: "frameJudgement", path: `/api/dossiers/${f.dossiers.draft}/media/${f.media.first}/judgement`, method: "POST", headers: json, body: '{"judgement":"unusable"}', expected: NOBODY_SIGNED_IN },
    { endpoint: "frameJudgement", path: `/api/dossiers/${f.dossiers.first}/media/${f.media.first}/judgement`, method: "POST", headers: json, body: '{"judgement":"maybe"}', expected: SIGNED_IN_BAD_REQUEST },
    // The dossier export: administrators only, the files too; anyone else is told nothing exists.
    { endpoint: "exportList", path: "/api/exports", expected: ADMIN },
    { endpoint: "exportStart", path: "/api/exports", method: "POST", headers: json, body: "{}", expected: ADMIN_BAD_REQUEST },
    // A day in a year PostgreSQL does not take (nor the day after `until`) is refused like any malformed day.
    { endpoint: "exportStart", path: "/api/exports", method: "POST", headers: json, body: '{"filters":{"until":"9999-12-31"},"format":"ndjson"}', expected: ADMIN_BAD_REQUEST },
    { endpoint: "exportStart", path: "/api/exports", method: "POST", headers: json, body: '{"filters":{"since":"0000-01-01"},"format":"ndjson"}', expected: ADMIN_BAD_REQUEST },
    { endpoint: "exportStatus", path: `/api/exports/${facts.exportId}`, expected: ADMIN },
    { endpoint: "exportStatus", path: `/api/exports/${missing}`, expected: NOBODY_SIGNED_IN },
    { endpoint: "exportFile", path: `/api/exports/${facts.exportId}/file`, expected: ADMIN },
    { endpoint: "exportFile", path: `/api/exports/${facts.exportId}/file`, method: "HEAD", expected: ADMIN },
    { endpoint: "exportManifest", path: `/api/exports/${facts.exportId}/manifest.json`, expected: ADMIN },
    { endpoint: "exportManifest", path: `/api/exports/${missing}/manifest.json`, expected: NOBODY_SIGNED_IN },
    // A finished export cannot be cancelled (409) — but only an administrator learns that.
    { endpoint: "exportCancel", path: `/api/exports/${facts.exportId}/cancel`, method: "POST", expected: { ...ADMIN, admin: 409 } },
    { endpoint: "dossierSchema", path: "/schemas/dossier/1-0-0.json", expected: PUBLIC },
    { endpoint: "dossierSchema", path: "/schemas/dossier/0-0-0.json", expected: { anon: 404, admin: 404, supervisor: 404, pro: 404, pro2: 404, colleague: 404 } },
    // Off unless the operator runs the benchmark (BENCH_STATS=on): then as unknown as any other address.
    // Reporting CSV: administrators and supervisors (each their own organisations' counts), nobody else; bad filters are 400, an unknown table 404.
    { endpoint: "reportingCsv", path: "/api/reporting/csv/summary?period=4w", expected: ADMIN_SUPERVISOR },
    { endpoint: "reportingCsv", path: "/api/reporting/csv/weekly?period=custom&from=2026-13-01&to=2026-01-01", expected: ADMIN_SUPERVISOR_BAD_REQUEST },
    // So is a period in years PostgreSQL does not take: its previous period would fall in year 0, its next day in 10000.
    { endpoint: "reportingCsv", path: "/api/reporting/csv/summary?period=custom&from=0001-01-01&to=0001-01-02", expected: ADMIN_SUPERVISOR_BAD_REQUEST },
    { endpoint: "reportingCsv", path: "/api/reporting/csv/summary?period=custom&from=9999-12-30&to=9999-12-31", expected: ADMIN_SUPERVISOR_BAD_REQUEST },
    { endpoint: "reportingCsv", path: "/api/reporting/csv/nothing", expected: NOBODY_SIGNED_IN },
    { endpoint: "caseHandlingCsv", path: "/api/case-handling/csv/matrix?period=year&ear=left", expected: ADMIN },
    { endpoint: "caseHandlingCsv", path: "/api/case-handling/csv/plans?ear=middle", expected: ADMIN_BAD_REQUEST },
    { endpoint: "caseHandlingCsv", path: "/api/case-handling/csv/matrix?period=custom&from=9999-12-30&to=9999-12-31", expected: ADMIN_BAD_REQUEST },
    { endpoint: "benchStats", path: "/__bench/stats", expected: { anon: 404, admin: 404, supervisor: 404, pro: 404, pro2: 404, colleague: 404 } },
  ];
}

/** The first bytes of a PNG: enough for the preview's content sniffing. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...Buffer.from("IHDR")]);

const VISITORS = Object.keys(PUBLIC) as Visitor[];

test("every JSON endpoint answers each kind of visitor as written", async () => {
  test.setTimeout(90_000);
  const base = process.env.E2E_BASE_URL!;
  const sessions = new Map<Visitor, APIRequestContext>();
  for (const visitor of VISITORS) sessions.set(visitor, await apiSession(base, visitor === "anon" ? null : EMAILS[visitor]));
  const wrong: string[] = [];
  try {
    const pro = sessions.get("pro")!;
    const appCheck = { [APP_CHECK_HEADER]: ((await (await pro.get("/api/app-check")).json()) as { token: string }).token };
    const activeModelId = ((await (await pro.get("/api/ml/models/active")).json()) as { id: string }).id;
    const fixtures = matrixFixtures();
    const signedFileUrl = ((await (await pro.get(`/api/media/${fixtures.media.first}`)).json()) as { urls: { file: string } }).urls.file;
    const admin = sessions.get("admin")!;
    const started = await admin.post("/api/exports", { data: { filters: { statuses: ["draft"] }, format: "ndjson" } });
    expect(started.status()).toBe(202);
    const exportId = ((await started.json()) as { id: string }).id;
    await expect.poll(async () => ((await (await admin.get(`/api/exports/${exportId}`)).json()) as { status: string }).status).toBe("completed");
    const all = cases(fixtures, { appCheck, activeModelId, signedFileUrl, exportId });
    // Every endpoint of the table is requested here (the live stream below): a new one needs its row.
    const covered = new Set<ApiEndpointName>([...all.map((c) => c.endpoint), "live"]);
    expect(API_ENDPOINT_NAMES.filter((name) => !covered.has(name))).toEqual([]);
    for (const { endpoint, path, expected, method = "GET", headers, body } of all) {
      for (const visitor of VISITORS) {
        const status = (await sessions.get(visitor)!.fetch(path, { method, headers, data: body, maxRedirects: 0 })).status();
        if (status !== expected[visitor]) wrong.push(`${visitor} ${method} ${path} (${endpoint}): ${status}, expected ${expected[visitor]}`);
      }
    }
    // The live stream: 401 signed out; an event stream, never cached, for anyone signed in.
    for (const visitor of VISITORS) {
      const controller = new AbortController();
      const cookies = (await sessions.get(visitor)!.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      const response = await fetch(`${base}/api/live`, { headers: { cookie: cookies }, signal: controller.signal });
      const expected = visitor === "anon" ? 401 : 200;
      if (response.status !== expected) wrong.push(`${visitor} /api/live: ${response.status}, expected ${expected}`);
      if (expected === 200) expect(response.headers.get("cache-control")).toBe("no-store");
      controller.abort();
    }
  } finally {
    await Promise.all([...sessions.values()].map((s) => s.dispose()));
  }
  expect(wrong).toEqual([]);
});
