/**
 * The one table of the JSON, byte and stream endpoints (issue 12): every address the server answers outside the
 * pages and the auth door, with its methods, its guard and how it answers. Like the page route table, it is data:
 * the server builds its router from it (app/server/api/), so an endpoint that is not declared here cannot be
 * reached, and the API matrix test (tests/e2e/api-matrix.spec.ts) must write out each visitor's answer for every
 * name here. Record-level rules (whose medium, which dossier) stay in the data layer's scopes.
 */
import type { Action } from "./access/permissions";
import { APP_CHECK_PATH, HEALTH_PATH, UPLOADS_PATH } from "./constants";

export type ApiMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * Who may call, decided before a byte of the body is read:
 * - `public`: anyone (the answer holds nothing private);
 * - `signed-in`: a session (401 without one);
 * - `{ can }`: a session whose actor may do this action of the permission table (401 without a session, 404 —
 *   not 403 — for one that may not, so nothing is confirmed to exist);
 * - `signed-url`: no session; the URL's own expiring signature is the permission (media bytes for players).
 */
export type ApiGuard = "public" | "signed-in" | { can: ActorOnlyAction } | "signed-url";

/** Permission-table actions decided by the actor alone (no record facts): the ones a guard can decide. */
export type ActorOnlyAction = Extract<Action, "model.use" | "model-data.manage" | "people.manage" | "reporting.read" | "insight.read" | "export.run" | "jobs.manage">;

/**
 * How refusals are worded: `json` is `{ code }` with the general codes; `storage` is the seed's storage codes
 * (`storage/unauthenticated`, …) that the upload client and media players read.
 */
export type ApiDialect = "json" | "storage";

/**
 * The Cache-Control an endpoint's successful answers carry; refusals are always no-store.
 * - `no-store`: anything personal or patient data (the default);
 * - `no-cache`: may be kept, but revalidated each time (the active model's descriptor);
 * - `private-immutable`: content-addressed bytes that never change under their URL, kept by the browser only
 *   (a model version's files) — decision 065;
 * - `public-translations`: the message files, the same for everyone.
 */
export type ApiCacheRule = "no-store" | "no-cache" | "private-immutable" | "public-translations";

export interface ApiEndpointDeclaration {
  methods: readonly ApiMethod[];
  /** Express path patterns (`:id`, `{*rest}`). */
  paths: readonly string[];
  guard: ApiGuard;
  /** Requires a valid app-check token (decision 051), checked before the session: the app first, then the user. */
  appCheck?: boolean;
  dialect: ApiDialect;
  cache: ApiCacheRule;
  /** Event streams and media bytes skip compression (a stream must leave at once; media are compressed already). */
  compress: boolean;
}

export const API_TABLE = {
  version: { methods: ["GET"], paths: ["/api/version"], guard: "public", dialect: "json", cache: "no-store", compress: true },
  health: { methods: ["GET"], paths: [HEALTH_PATH], guard: "public", dialect: "json", cache: "no-store", compress: true },
  translations: { methods: ["GET"], paths: ["/locales/:locale/:file"], guard: "public", dialect: "json", cache: "public-translations", compress: true },
  live: { methods: ["GET"], paths: ["/api/live"], guard: "signed-in", dialect: "json", cache: "no-store", compress: false },
  appCheck: { methods: ["GET"], paths: [APP_CHECK_PATH], guard: "public", dialect: "storage", cache: "no-store", compress: true },
  // tus answers OPTIONS (its capabilities) to anyone; everything else needs the app and a session.
  uploadOptions: { methods: ["OPTIONS"], paths: [UPLOADS_PATH, `${UPLOADS_PATH}/:id`], guard: "public", dialect: "storage", cache: "no-store", compress: false },
  uploadCreate: { methods: ["POST"], paths: [UPLOADS_PATH], guard: "signed-in", appCheck: true, dialect: "storage", cache: "no-store", compress: false },
  upload: { methods: ["HEAD", "PATCH", "DELETE"], paths: [`${UPLOADS_PATH}/:id`], guard: "signed-in", appCheck: true, dialect: "storage", cache: "no-store", compress: false },
  medium: { methods: ["GET"], paths: ["/api/media/:id"], guard: "signed-in", dialect: "storage", cache: "no-store", compress: true },
  mediumPreview: { methods: ["PUT"], paths: ["/api/media/:id/:variant"], guard: "signed-in", appCheck: true, dialect: "storage", cache: "no-store", compress: true },
  mediumBytes: { methods: ["GET", "HEAD"], paths: ["/api/media/:id/:variant"], guard: "signed-url", dialect: "storage", cache: "no-store", compress: false },
  dossierMedia: { methods: ["GET"], paths: ["/api/dossiers/:id/media"], guard: "signed-in", dialect: "json", cache: "no-store", compress: true },
  // The reviewing supervisor's judgement of a frame, for the in-ear model's dataset (decision 075).
  frameJudgement: { methods: ["POST"], paths: ["/api/dossiers/:id/media/:mediaId/judgement"], guard: "signed-in", dialect: "json", cache: "no-store", compress: true },
  activeModel: { methods: ["GET"], paths: ["/api/ml/models/active"], guard: { can: "model.use" }, dialect: "json", cache: "no-cache", compress: true },
  modelFile: { methods: ["GET"], paths: ["/api/ml/models/:id/:file"], guard: { can: "model.use" }, dialect: "json", cache: "private-immutable", compress: true },
  saveModel: { methods: ["POST"], paths: ["/api/ml/models"], guard: { can: "model-data.manage" }, dialect: "json", cache: "no-store", compress: true },
  dataset: { methods: ["GET"], paths: ["/api/ml/dataset"], guard: { can: "model-data.manage" }, dialect: "json", cache: "no-store", compress: true },
  // A frame of a patient's otoscopy: every read is audited, so no cache keeps a copy to be read again unlogged.
  labelledImage: { methods: ["GET"], paths: ["/api/ml/images/:id/:file"], guard: { can: "model-data.manage" }, dialect: "json", cache: "no-store", compress: false },
  saveLabelledImage: { methods: ["POST"], paths: ["/api/ml/images"], guard: { can: "model-data.manage" }, dialect: "json", cache: "no-store", compress: true },
  testVideo: { methods: ["GET"], paths: ["/api/ml/videos/:id"], guard: { can: "model-data.manage" }, dialect: "json", cache: "no-store", compress: false },
  datasetZip: { methods: ["GET"], paths: ["/api/ml/export.zip"], guard: { can: "model-data.manage" }, dialect: "json", cache: "no-store", compress: false },
  // One table of /reporting as CSV, with the page's filters in the query string (app/server/reporting/).
  reportingCsv: { methods: ["GET"], paths: ["/api/reporting/csv/:table"], guard: { can: "reporting.read" }, dialect: "json", cache: "no-store", compress: true },
  // One table of the case-handling insight as CSV (administrators), filters as on the page.
  caseHandlingCsv: { methods: ["GET"], paths: ["/api/case-handling/csv/:table"], guard: { can: "insight.read" }, dialect: "json", cache: "no-store", compress: true },
  // Dossier export (issue 15): administrators only; the files answer HTTP Range (a broken download resumes).
  exportList: { methods: ["GET"], paths: ["/api/exports"], guard: { can: "export.run" }, dialect: "json", cache: "no-store", compress: true },
  exportStart: { methods: ["POST"], paths: ["/api/exports"], guard: { can: "export.run" }, dialect: "json", cache: "no-store", compress: true },
  exportStatus: { methods: ["GET"], paths: ["/api/exports/:id"], guard: { can: "export.run" }, dialect: "json", cache: "no-store", compress: true },
  exportCancel: { methods: ["POST"], paths: ["/api/exports/:id/cancel"], guard: { can: "export.run" }, dialect: "json", cache: "no-store", compress: true },
  exportFile: { methods: ["GET", "HEAD"], paths: ["/api/exports/:id/file"], guard: { can: "export.run" }, dialect: "json", cache: "no-store", compress: false },
  exportManifest: { methods: ["GET", "HEAD"], paths: ["/api/exports/:id/manifest.json"], guard: { can: "export.run" }, dialect: "json", cache: "no-store", compress: false },
  // The published JSON Schema of an exported dossier, one address per version (MODEL-REVISION-ADDITION).
  dossierSchema: { methods: ["GET"], paths: ["/schemas/dossier/:file"], guard: "public", dialect: "json", cache: "no-cache", compress: true },
  // The benchmark suite's process statistics: 404 unless the operator set BENCH_STATS=on (docs/performance.md).
  benchStats: { methods: ["GET"], paths: ["/__bench/stats"], guard: "public", dialect: "json", cache: "no-store", compress: true },
} as const satisfies Record<string, ApiEndpointDeclaration>;

export type ApiEndpointName = keyof typeof API_TABLE;
export const API_ENDPOINT_NAMES = Object.keys(API_TABLE) as ApiEndpointName[];

/** Methods that change state: same-origin only (CSRF), as page actions. */
export const UNSAFE_API_METHODS: readonly ApiMethod[] = ["POST", "PUT", "PATCH", "DELETE"];

/**
 * The address of a declared endpoint (its first path), with its `:params` filled in and encoded: callers on both
 * sides name the endpoint rather than write its path again.
 */
export function apiPath(name: ApiEndpointName, params: Record<string, string> = {}): string {
  const pattern: string = API_TABLE[name].paths[0];
  return pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`apiPath(${name}): missing :${key}`);
    return encodeURIComponent(value);
  });
}
