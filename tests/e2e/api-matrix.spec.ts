/**
 * The JSON and stream endpoints, requested as every kind of visitor — signed out, each role, a professional of the
 * other organisation, and a colleague in the same organisation as the owner: the status each gets, written out as
 * the specification (issue 12), not computed from the code under test. The page routes are in route-matrix.spec.ts.
 */
import type { APIRequestContext } from "@playwright/test";
import { apiSession, expect, test } from "./support/fixtures";
import { COLLEAGUE_EMAIL, type MatrixFixtures, matrixFixtures } from "./support/matrix-fixtures";

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

function cases(f: MatrixFixtures): [string, Expectation][] {
  const missing = "00000000-0000-4000-8000-000000000000";
  return [
    ["/api/version", PUBLIC],
    ["/healthz", PUBLIC],
    ["/locales/en/common.json", PUBLIC],
    ["/api/ml/models/active", SIGNED_IN],
    ["/api/ml/dataset", ADMIN],
    ["/api/ml/export.zip", ADMIN],
    [`/api/ml/videos/${missing}`, NOBODY_SIGNED_IN],
    [`/api/media/${f.media.first}`, PRO_MEDIUM],
    [`/api/media/${f.media.uploading}`, PRO_UPLOAD],
    [`/api/media/${missing}`, NOBODY_SIGNED_IN],
    [`/api/dossiers/${f.dossiers.first}/media`, PRO_DOSSIER],
    [`/api/dossiers/${f.dossiers.draft}/media`, PRO_DRAFT],
    [`/api/dossiers/${f.dossiers.third}/media`, { anon: 401, admin: 200, supervisor: 404, pro: 404, pro2: 404, colleague: 404 }],
    [`/api/dossiers/${missing}/media`, NOBODY_SIGNED_IN],
  ];
}

const VISITORS = Object.keys(PUBLIC) as Visitor[];

test("every JSON endpoint answers each kind of visitor as written", async () => {
  test.setTimeout(90_000);
  const base = process.env.E2E_BASE_URL!;
  const sessions = new Map<Visitor, APIRequestContext>();
  for (const visitor of VISITORS) sessions.set(visitor, await apiSession(base, visitor === "anon" ? null : EMAILS[visitor]));
  const wrong: string[] = [];
  try {
    for (const [path, expected] of cases(matrixFixtures())) {
      for (const visitor of VISITORS) {
        const status = (await sessions.get(visitor)!.get(path, { maxRedirects: 0 })).status();
        if (status !== expected[visitor]) wrong.push(`${visitor} ${path}: ${status}, expected ${expected[visitor]}`);
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
