/**
 * Every seed route, requested as every kind of visitor, in Dutch and English: the page, a redirect to sign-in
 * (with redirectTo), a redirect home, or 404. The expectations are written out here as the specification, not
 * computed from the guard code under test. Later work adds its records and routes to this table.
 */
import type { APIRequestContext } from "@playwright/test";
import { apiSession, expect, test } from "./support/fixtures";
import { type MatrixFixtures, matrixFixtures } from "./support/matrix-fixtures";

type Visitor = "anon" | "admin" | "supervisor" | "pro" | "pro2";
/** "own-view": a redirect to the visitor's own page of the same record (the admin's page of a dossier). */
type Outcome = "page" | "sign-in" | "home" | "own-view" | "404";
type Expectation = Record<Visitor, Outcome>;

const VISITORS: { visitor: Visitor; email: string | null }[] = [
  { visitor: "anon", email: null },
  { visitor: "admin", email: "admin@casus.test" },
  { visitor: "supervisor", email: "supervisor@casus.test" },
  { visitor: "pro", email: "pro@casus.test" },
  { visitor: "pro2", email: "pro2@casus.test" },
];

const PUBLIC: Expectation = { anon: "page", admin: "page", supervisor: "page", pro: "page", pro2: "page" };
const SIGN_IN_PAGE: Expectation = { anon: "page", admin: "home", supervisor: "home", pro: "home", pro2: "home" };
const NOBODY: Expectation = { anon: "404", admin: "404", supervisor: "404", pro: "404", pro2: "404" };
const ADMIN: Expectation = { anon: "sign-in", admin: "page", supervisor: "home", pro: "home", pro2: "home" };
const ADMIN_SUPERVISOR: Expectation = { anon: "sign-in", admin: "page", supervisor: "page", pro: "home", pro2: "home" };
const SUPERVISOR: Expectation = { anon: "sign-in", admin: "home", supervisor: "page", pro: "home", pro2: "home" };
const PRO_OWN: Expectation = { anon: "sign-in", admin: "home", supervisor: "home", pro: "page", pro2: "404" };
const PRO2_OWN: Expectation = { anon: "sign-in", admin: "home", supervisor: "home", pro: "404", pro2: "page" };
/**
 * A dossier of the first organisation, owned by pro; the supervisor is assigned to it. The admin is sent to the
 * admin's page of the dossier (which answers for itself: every dossier, 404 for none).
 */
const CASE_FIRST: Expectation = { anon: "sign-in", admin: "own-view", supervisor: "page", pro: "page", pro2: "404" };
/** A dossier of the second organisation, owned by pro2; the supervisor is assigned to it. */
const CASE_SECOND: Expectation = { anon: "sign-in", admin: "own-view", supervisor: "page", pro: "404", pro2: "page" };
/** A draft of the first organisation, owned by pro: the owner's alone, even for the organisation's supervisor. */
const CASE_DRAFT: Expectation = { anon: "sign-in", admin: "own-view", supervisor: "404", pro: "page", pro2: "404" };
/** A dossier of an organisation nobody here belongs to or supervises, or no dossier at all. */
const CASE_FOREIGN: Expectation = { anon: "sign-in", admin: "own-view", supervisor: "404", pro: "404", pro2: "404" };

function cases(f: MatrixFixtures): [string, Expectation][] {
  const { users: u, organisations: o, dossiers: d } = f;
  const missing = "00000000-0000-4000-8000-000000000000";
  return [
    ["/", SIGN_IN_PAGE],
    ["/forgot", PUBLIC],
    ["/set-password", PUBLIC],
    ["/verify-login", PUBLIC],
    ["/confirm-email", PUBLIC],
    ["/admin/setup", NOBODY],
    ["/admin", ADMIN],
    ["/admin/organisaties", ADMIN],
    [`/admin/organisaties/${o.first}`, ADMIN],
    [`/admin/organisaties/${o.first}/professional/${u.pro}`, ADMIN],
    // The admin sees every organisation (also another one, and a deactivated one) and its own professionals;
    // a professional under the wrong organisation, or an id that does not exist, is 404 (never "exists elsewhere").
    [`/admin/organisaties/${o.third}`, ADMIN],
    [`/admin/organisaties/${o.inactive}`, ADMIN],
    [`/admin/organisaties/${o.third}/professional/${u.pro3}`, ADMIN],
    [`/admin/organisaties/${o.inactive}/professional/${u.pro4}`, ADMIN],
    [`/admin/organisaties/${o.second}/professional/${u.pro2}`, ADMIN],
    [`/admin/organisaties/${o.first}/professional/${u.pro3}`, { ...ADMIN, admin: "404" }],
    [`/admin/organisaties/${o.third}/professional/${u.pro}`, { ...ADMIN, admin: "404" }],
    [`/admin/organisaties/${o.first}/professional/${u.supervisor}`, { ...ADMIN, admin: "404" }],
    [`/admin/organisaties/${missing}`, { ...ADMIN, admin: "404" }],
    [`/admin/organisaties/${missing}/professional/${u.pro}`, { ...ADMIN, admin: "404" }],
    // An id that is no id at all is an unknown record too (never asked of the database).
    ["/admin/organisaties/not-an-organisation", { ...ADMIN, admin: "404" }],
    [`/admin/organisaties/${o.first}/professional/not-a-professional`, { ...ADMIN, admin: "404" }],
    ["/admin/supervisors", ADMIN],
    [`/admin/supervisors?id=${u.supervisor}`, ADMIN],
    [`/admin/supervisors?id=${u.pro}`, { ...ADMIN, admin: "404" }],
    [`/admin/administrators?id=${u.admin}`, ADMIN],
    [`/admin/administrators?id=${u.supervisor}`, { ...ADMIN, admin: "404" }],
    ["/admin/administrators", ADMIN],
    ["/admin/unfinished-dossiers", ADMIN],
    ["/admin/jobs", ADMIN],
    // The admin reads every dossier's event log, of any organisation; an id that does not exist (or is no id) is 404.
    [`/admin/dossiers/${d.first}`, ADMIN],
    [`/admin/dossiers/${d.second}`, ADMIN],
    [`/admin/dossiers/${d.third}`, ADMIN],
    [`/admin/dossiers/${d.draft}`, ADMIN],
    [`/admin/dossiers/${missing}`, { ...ADMIN, admin: "404" }],
    ["/admin/dossiers/not-a-dossier", { ...ADMIN, admin: "404" }],
    ["/admin/data-insights/case-behandeling", ADMIN],
    // The export is not admitted to exist for other roles (its API and files answer 404 too).
    ["/admin/data-insights/export-dossier-jsons", { ...ADMIN, supervisor: "404", pro: "404", pro2: "404" }],
    ["/admin/profiel", ADMIN],
    ["/reporting", ADMIN_SUPERVISOR],
    ["/supervisor", SUPERVISOR],
    ["/supervisor/profiel", SUPERVISOR],
    [`/supervisor/case/${d.first}`, CASE_FIRST],
    [`/supervisor/case/${d.first}/mvp`, CASE_FIRST],
    [`/supervisor/case/${d.second}`, CASE_SECOND],
    [`/supervisor/case/${d.second}/mvp`, CASE_SECOND],
    [`/supervisor/case/${d.draft}`, CASE_DRAFT],
    [`/supervisor/case/${d.draft}/mvp`, CASE_DRAFT],
    [`/supervisor/case/${d.third}`, CASE_FOREIGN],
    [`/supervisor/case/${d.third}/mvp`, CASE_FOREIGN],
    [`/supervisor/case/${missing}`, CASE_FOREIGN],
    ["/supervisor/case/not-a-dossier", CASE_FOREIGN],
    ["/supervisor/case/not-a-dossier/mvp", CASE_FOREIGN],
    [`/pro/${u.pro}`, PRO_OWN],
    [`/pro/${u.pro}/profiel`, PRO_OWN],
    [`/pro/${u.pro}/case`, PRO_OWN],
    [`/pro/${u.pro}/mijn-dossiers`, PRO_OWN],
    // The canonical (E.164) form; typed forms redirect to it (tested below).
    [`/pro/${u.pro}/+31612345678/history`, PRO_OWN],
    [`/pro/${u.pro}/case/${d.first}/klinisch-redeneren`, PRO_OWN],
    [`/pro/${u.pro}/case/${d.draft}/klinisch-redeneren`, PRO_OWN],
    [`/pro/${u.pro2}/case/${d.draft}/klinisch-redeneren`, { ...PRO2_OWN, pro2: "404" }],
    // Their own path, but someone else's case (of another organisation, or none at all).
    [`/pro/${u.pro}/case/${d.second}/klinisch-redeneren`, { ...PRO_OWN, pro: "404" }],
    [`/pro/${u.pro}/case/${missing}/klinisch-redeneren`, { ...PRO_OWN, pro: "404" }],
    [`/pro/${u.pro}/case/not-a-dossier/klinisch-redeneren`, { ...PRO_OWN, pro: "404" }],
    [`/pro/${u.pro2}`, PRO2_OWN],
    [`/pro/${u.pro2}/profiel`, PRO2_OWN],
    [`/pro/${u.pro2}/case`, PRO2_OWN],
    [`/pro/${u.pro2}/mijn-dossiers`, PRO2_OWN],
    [`/pro/${u.pro2}/+31612345678/history`, PRO2_OWN],
    [`/pro/${u.pro2}/case/${d.second}/klinisch-redeneren`, PRO2_OWN],
    [`/pro/${u.pro3}`, { anon: "sign-in", admin: "home", supervisor: "home", pro: "404", pro2: "404" }],
    ["/debug/ml", ADMIN],
    ["/debug/explanation", ADMIN],
    ["/debug/ml/select-videos", ADMIN],
    ["/debug/ml/label-images-from-video", ADMIN],
    ["/debug/ml/labeled-images", ADMIN],
    ["/debug/ml/test-prediction", ADMIN],
    ["/debug/ml/live-prediction", ADMIN],
    ["/test/login-flow", ADMIN],
    ["/test/record-view", ADMIN],
    ["/test/viot-uploads", ADMIN],
    ["/test/set-password-copy", ADMIN],
    ["/does-not-exist", NOBODY],
    ["/admin/organisaties/x/y/z", NOBODY],
  ];
}

const NOT_FOUND_TITLE = { nl: "Pagina niet gevonden", en: "Page not found" } as const;

function homeOf(visitor: Visitor, f: MatrixFixtures): string {
  switch (visitor) {
    case "admin":
      return "/admin";
    case "supervisor":
      return "/supervisor";
    case "pro":
      return `/pro/${f.users.pro}`;
    case "pro2":
      return `/pro/${f.users.pro2}`;
    case "anon":
      throw new Error("signed-out visitors have no home");
  }
}

const prefix = (locale: "nl" | "en", path: string) => (locale === "nl" ? path : path === "/" ? "/en" : `/en${path}`);

async function check(session: APIRequestContext, visitor: Visitor, locale: "nl" | "en", path: string, outcome: Outcome, f: MatrixFixtures) {
  const url = prefix(locale, path);
  const response = await session.get(url, { maxRedirects: 0 });
  const where = `${visitor} GET ${url}`;
  switch (outcome) {
    case "page": {
      expect(response.status(), where).toBe(200);
      expect(await response.text(), where).toContain(`<html lang="${locale}"`);
      break;
    }
    case "404": {
      expect(response.status(), where).toBe(404);
      expect(await response.text(), where).toContain(NOT_FOUND_TITLE[locale]);
      break;
    }
    case "sign-in": {
      expect(response.status(), where).toBe(302);
      expect(response.headers().location, where).toBe(`${prefix(locale, "/")}?redirectTo=${encodeURIComponent(url)}`);
      break;
    }
    case "home": {
      expect(response.status(), where).toBe(302);
      expect(response.headers().location, where).toBe(prefix(locale, homeOf(visitor, f)));
      break;
    }
    case "own-view": {
      // Only the admin at a dossier's page or summary: the admin's page of the same dossier.
      const caseId = /^\/supervisor\/case\/([^/]+)/.exec(path)?.[1];
      expect(visitor === "admin" && caseId, where).toBeTruthy();
      expect(response.status(), where).toBe(302);
      expect(response.headers().location, where).toBe(prefix(locale, `/admin/dossiers/${caseId}`));
      break;
    }
  }
}

for (const locale of ["nl", "en"] as const) {
  for (const { visitor, email } of VISITORS) {
    test(`route matrix: ${visitor} in ${locale}`, async ({ baseURL }) => {
      const f = matrixFixtures();
      const session = await apiSession(baseURL!, email);
      try {
        for (const [path, expectation] of cases(f)) await check(session, visitor, locale, path, expectation[visitor], f);
      } finally {
        await session.dispose();
      }
    });
  }
}

test("state-changing requests: nobody gets through where they may not read", async ({ baseURL }) => {
  const f = matrixFixtures();
  for (const { visitor, email } of VISITORS) {
    const session = await apiSession(baseURL!, email);
    try {
      for (const [path, expectation] of cases(f)) {
        if (expectation[visitor] === "page") continue;
        const response = await session.post(path, { form: { anything: "x" }, maxRedirects: 0 });
        const status = response.status();
        expect([302, 303, 404, 405], `${visitor} POST ${path} answered ${status}`).toContain(status);
      }
    } finally {
      await session.dispose();
    }
  }
});

test("the German and French prefixes route the same pages", async ({ baseURL }) => {
  const anon = await apiSession(baseURL!, null);
  for (const locale of ["de", "fr"]) {
    const page = await anon.get(`/${locale}/forgot`, { maxRedirects: 0 });
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(`<html lang="${locale}"`);
    const guarded = await anon.get(`/${locale}/admin`, { maxRedirects: 0 });
    expect(guarded.headers().location).toBe(`/${locale}?redirectTo=${encodeURIComponent(`/${locale}/admin`)}`);
  }
  const dutchPrefix = await anon.get("/nl/forgot?x=1", { maxRedirects: 0 });
  expect(dutchPrefix.status()).toBe(301);
  expect(dutchPrefix.headers().location).toBe("/forgot?x=1");
  await anon.dispose();
});

test("a patient's history: any typed form of the number redirects to the canonical path; a non-number is 404", async ({ baseURL }) => {
  const f = matrixFixtures();
  const session = await apiSession(baseURL!, "pro@casus.test");
  try {
    for (const [typed, locale] of [["0612345678", "nl"], ["06%2012%2034%2056%2078", "nl"], ["0612345678", "en"]] as const) {
      const response = await session.get(prefix(locale, `/pro/${f.users.pro}/${typed}/history?x=1`), { maxRedirects: 0 });
      expect(response.status(), typed).toBe(301);
      expect(response.headers().location).toBe(prefix(locale, `/pro/${f.users.pro}/%2B31612345678/history?x=1`));
    }
    expect((await session.get(`/pro/${f.users.pro}/not-a-number/history`, { maxRedirects: 0 })).status()).toBe(404);
    // Another professional's path stays 404 whatever the number looks like.
    expect((await session.get(`/pro/${f.users.pro2}/0612345678/history`, { maxRedirects: 0 })).status()).toBe(404);
  } finally {
    await session.dispose();
  }
});

test("the in-ear model's endpoints: the active model for every signed-in user, the dataset for admins only", async ({ baseURL }) => {
  // [path, anon, admin, supervisor, pro]: the model files are read by every recorder; all else is admin data.
  const cases: [string, number, number, number, number][] = [
    ["/api/ml/models/active", 401, 200, 200, 200],
    ["/api/ml/models/in-ear-synthetic/model.json", 401, 200, 200, 200],
    ["/api/ml/models/no-such-version/model.json", 401, 404, 404, 404],
    ["/api/ml/dataset", 401, 200, 404, 404],
    ["/api/ml/export.zip", 401, 200, 404, 404],
    ["/api/ml/images/no-such-image/thumb.jpg", 401, 404, 404, 404],
    ["/api/ml/videos/no-such-video", 401, 404, 404, 404],
  ];
  const visitors = ["anon", "admin", "supervisor", "pro"] as const;
  for (const [i, visitor] of visitors.entries()) {
    const session = await apiSession(baseURL!, VISITORS.find((v) => v.visitor === visitor)!.email);
    try {
      for (const [path, ...statuses] of cases) {
        const response = await session.get(path, { maxRedirects: 0 });
        expect(response.status(), `${visitor} GET ${path}`).toBe(statuses[i]);
      }
      const post = await session.post("/api/ml/images", { data: { label: 1, source: "upload" }, maxRedirects: 0 });
      expect(post.status(), `${visitor} POST /api/ml/images`).toBe(visitor === "anon" ? 401 : visitor === "admin" ? 400 : 404);
    } finally {
      await session.dispose();
    }
  }
  const admin = await apiSession(baseURL!, "admin@casus.test");
  try {
    const file = await admin.get("/api/ml/models/in-ear-synthetic/weights.bin");
    expect(file.headers()["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect((await admin.get("/api/ml/models/active")).headers()["cache-control"]).toBe("no-cache");
  } finally {
    await admin.dispose();
  }
});
