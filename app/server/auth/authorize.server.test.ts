/**
 * authorize(args, key) end to end: real Better Auth sessions (signed in through its API), a migrated in-memory
 * database with the demo data set, and the route table's guards.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { testLoadContext } from "../../../tests/support/load-context";
import { localizePath } from "~/domain/locales";
import { homePath, type Role } from "~/domain/roles";
import { ROLE_VIEWS, ROUTE_KEYS, ROUTES, routePath, type RouteKey } from "~/domain/route-table";
import { GUARDS } from "~/domain/guards";
import { config, setConfig } from "../config.server";
import { systemDb } from "../db/client.server";
import { session as sessionTable, user as userTable } from "../db/schema";
import { createDossier, createOrganisation, createSupervisor } from "../demo/factories.server";
import { DEMO_PASSWORD, seedDemoData, type DemoData } from "../demo/seed-demo.server";
import { layoutLoader } from "../layout-data.server";
import { authorize } from "./authorize.server";

const BASE = "http://localhost:3999";

let database: TestDatabase;
let demo: DemoData;
/** Supervisor of the first organisation only (the demo supervisor supervises both). */
let narrowSupervisorId: string;
const cases = {} as { pro: string; pro2: string; thirdOrg: string; draft: string };
const cookies = {} as Record<"admin" | "supervisor" | "narrowSupervisor" | "pro" | "pro2", string>;

async function signIn(email: string): Promise<string> {
  const response = await database.auth.api.signInEmail({ body: { email, password: DEMO_PASSWORD }, asResponse: true });
  expect(response.status).toBe(200);
  const setCookies = response.headers.getSetCookie();
  expect(setCookies.length).toBeGreaterThan(0);
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}

beforeAll(async () => {
  // The matrix below is about guards; the second-factor policy has its own block.
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "" });
  demo = await seedDemoData({ dossiers: false });
  const [first, second] = demo.organisations;
  const third = await createOrganisation({ name: "Thuiszorg Elders", kind: "home-care" });
  narrowSupervisorId = (
    await createSupervisor({ email: "sup-first@casus.test", name: "Sam Smal", password: DEMO_PASSWORD, organisationIds: [first.id] })
  ).id;
  cases.pro = (await createDossier({ organisationId: first.id, professionalId: demo.proId, status: "submitted" })).id;
  cases.pro2 = (await createDossier({ organisationId: second.id, professionalId: demo.pro2Id, status: "submitted" })).id;
  cases.thirdOrg = (await createDossier({ organisationId: third.id, professionalId: demo.pro2Id, status: "submitted" })).id;
  cases.draft = (await createDossier({ organisationId: first.id, professionalId: demo.proId })).id;
  cookies.admin = await signIn("admin@casus.test");
  cookies.supervisor = await signIn("supervisor@casus.test");
  cookies.narrowSupervisor = await signIn("sup-first@casus.test");
  cookies.pro = await signIn("pro@casus.test");
  cookies.pro2 = await signIn("pro2@casus.test");
});

afterAll(async () => {
  await database?.close();
});

const context = testLoadContext;

function args(path: string, params: Record<string, string>, cookie?: string) {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  return { request: new Request(`${BASE}${path}`, { headers }), params, context: context() };
}

type Outcome = { allow: string | null } | { redirect: string } | { status: number };

/** What authorize did: let the user through (their id), redirect (to where), or answer with a status. */
async function outcome(key: RouteKey, params: Record<string, string>, cookie?: string, path = routePath(key, params)): Promise<Outcome> {
  try {
    const access = await authorize(args(path, params, cookie), key);
    return { allow: access.user?.id ?? null };
  } catch (thrown) {
    if (thrown instanceof Response) {
      expect(thrown.status).toBe(302);
      return { redirect: thrown.headers.get("Location")! };
    }
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

describe("signed out", () => {
  it("is sent to sign-in with the page (and its query) as redirectTo", async () => {
    expect(await outcome("admin", {})).toEqual({ redirect: "/?redirectTo=%2Fadmin" });
    expect(await outcome("admin-organisations", {}, undefined, "/admin/organisaties?page=2&q=a%26b")).toEqual({
      redirect: `/?redirectTo=${encodeURIComponent("/admin/organisaties?page=2&q=a%26b")}`,
    });
  });

  it("is sent to the sign-in page of the current language", async () => {
    expect(await outcome("admin", {}, undefined, "/en/admin")).toEqual({ redirect: "/en?redirectTo=%2Fen%2Fadmin" });
    expect(await outcome("supervisor", {}, undefined, "/de/supervisor")).toEqual({ redirect: "/de?redirectTo=%2Fde%2Fsupervisor" });
  });

  it("is not told whether a professional or case exists: sign-in comes first", async () => {
    expect(await outcome("pro-home", { proId: "no-such-pro" })).toEqual({ redirect: "/?redirectTo=%2Fpro%2Fno-such-pro" });
    expect(await outcome("supervisor-case", { caseId: cases.pro })).toEqual({ redirect: `/?redirectTo=${encodeURIComponent(`/supervisor/case/${cases.pro}`)}` });
  });

  it("may open pages without a guard", async () => {
    expect(await outcome("sign-in", {})).toEqual({ allow: null });
    expect(await outcome("forgot", {}, undefined, "/fr/forgot")).toEqual({ allow: null });
  });

  it("is treated as signed out with a forged or expired session cookie", async () => {
    // A session cookie that no longer works: the sign-in page says the session ended.
    expect(await outcome("admin", {}, "casus.session_token=forged.value")).toEqual({ redirect: "/?redirectTo=%2Fadmin&reason=token-expired" });
  });

  it("is treated as signed out once the server's expiry has passed, whatever the browser's clock made of it", async () => {
    // The browser's keeper plans on the device's clock (device-clock.ts); the server alone decides. A genuine cookie
    // replayed a second after its session's expiry, on this server's clock, lets nobody in, page or get-session.
    const cookie = await signIn("admin@casus.test");
    expect(await outcome("admin", {}, cookie)).toEqual({ allow: demo.adminId });
    const token = decodeURIComponent(/casus\.session_token=([^.;]+)/.exec(cookie)![1]);
    await systemDb().update(sessionTable).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(sessionTable.token, token));
    expect(await outcome("admin", {}, cookie)).toEqual({ redirect: "/?redirectTo=%2Fadmin&reason=token-expired" });
    expect(await database.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it("the layouts' data carries the session's expiry and the server's time when it was read", async () => {
    const before = Date.now();
    const { user } = await layoutLoader(args("/admin", {}, cookies.admin));
    const after = Date.now();
    expect(Date.parse(user!.sessionCheckedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(user!.sessionCheckedAt)).toBeLessThanOrEqual(after);
    expect(Date.parse(user!.sessionExpiresAt)).toBeGreaterThan(after);
    expect((await layoutLoader(args("/", {}))).user).toBeNull();
  });
});

describe("wrong role", () => {
  it("sends each role to its own home, in the current language", async () => {
    expect(await outcome("admin", {}, cookies.pro)).toEqual({ redirect: `/pro/${demo.proId}` });
    expect(await outcome("admin", {}, cookies.pro, "/en/admin")).toEqual({ redirect: `/en/pro/${demo.proId}` });
    expect(await outcome("admin-administrators", {}, cookies.supervisor)).toEqual({ redirect: "/supervisor" });
    expect(await outcome("supervisor", {}, cookies.admin, "/fr/supervisor")).toEqual({ redirect: "/fr/admin" });
    expect(await outcome("pro-home", { proId: demo.proId }, cookies.admin)).toEqual({ redirect: "/admin" });
    expect(await outcome("pro-home", { proId: demo.proId }, cookies.supervisor)).toEqual({ redirect: "/supervisor" });
    expect(await outcome("debug-ml", {}, cookies.pro, "/de/debug/ml")).toEqual({ redirect: `/de/pro/${demo.proId}` });
    expect(await outcome("debug-ml", {}, cookies.supervisor)).toEqual({ redirect: "/supervisor" });
  });

  it("sends an administrator who opens a dossier's review page or summary to the administrator's page of that dossier", async () => {
    expect(await outcome("supervisor-case", { caseId: cases.pro }, cookies.admin)).toEqual({ redirect: `/admin/dossiers/${cases.pro}` });
    expect(await outcome("supervisor-case-mvp", { caseId: cases.pro }, cookies.admin, `/en/supervisor/case/${cases.pro}/mvp`)).toEqual({
      redirect: `/en/admin/dossiers/${cases.pro}`,
    });
  });
});

describe("records", () => {
  it("a professional opens their own pages, and gets 404 for another professional's proId", async () => {
    expect(await outcome("pro-home", { proId: demo.proId }, cookies.pro)).toEqual({ allow: demo.proId });
    expect(await outcome("pro-my-dossiers", { proId: demo.proId }, cookies.pro, `/en/pro/${demo.proId}/mijn-dossiers`)).toEqual({ allow: demo.proId });
    expect(await outcome("pro-home", { proId: demo.pro2Id }, cookies.pro)).toEqual({ status: 404 });
    expect(await outcome("pro-history", { proId: demo.pro2Id, phone: "0612345678" }, cookies.pro)).toEqual({ status: 404 });
    expect(await outcome("pro-home", { proId: "no-such-pro" }, cookies.pro)).toEqual({ status: 404 });
  });

  it("a professional opens their own dossier, and gets 404 for anyone else's", async () => {
    expect(await outcome("supervisor-case", { caseId: cases.pro }, cookies.pro)).toEqual({ allow: demo.proId });
    expect(await outcome("supervisor-case-mvp", { caseId: cases.pro }, cookies.pro)).toEqual({ allow: demo.proId });
    expect(await outcome("supervisor-case", { caseId: cases.pro2 }, cookies.pro)).toEqual({ status: 404 });
    expect(await outcome("supervisor-case", { caseId: cases.pro }, cookies.pro2)).toEqual({ status: 404 });
    expect(await outcome("supervisor-case", { caseId: "no-such-case" }, cookies.pro)).toEqual({ status: 404 });
  });

  it("a case id that is no record id (a NUL byte) is an unknown case, without asking the database", async () => {
    // PostgreSQL refuses a NUL in a text parameter: this was a 500 for everyone, signed in or not.
    for (const caseId of ["\0", "%00", `${cases.pro}\0`]) {
      expect(await outcome("supervisor-case", { caseId })).toEqual({ redirect: expect.stringMatching(/^\/\?redirectTo=/) });
      for (const cookie of [cookies.pro, cookies.pro2, cookies.supervisor]) {
        expect(await outcome("supervisor-case", { caseId }, cookie)).toEqual({ status: 404 });
        expect(await outcome("supervisor-case-mvp", { caseId }, cookie)).toEqual({ status: 404 });
      }
      expect(await outcome("pro-clinical-reasoning", { proId: demo.proId, caseId }, cookies.pro)).toEqual({ status: 404 });
    }
  });

  it("a case under a professional's own path must be their own case", async () => {
    expect(await outcome("pro-clinical-reasoning", { proId: demo.proId, caseId: cases.pro }, cookies.pro)).toEqual({ allow: demo.proId });
    expect(await outcome("pro-clinical-reasoning", { proId: demo.proId, caseId: cases.pro2 }, cookies.pro)).toEqual({ status: 404 });
    expect(await outcome("pro-clinical-reasoning", { proId: demo.pro2Id, caseId: cases.pro2 }, cookies.pro)).toEqual({ status: 404 });
  });

  it("a supervisor opens dossiers of organisations they are assigned to, and gets 404 elsewhere", async () => {
    expect(await outcome("supervisor-case", { caseId: cases.pro }, cookies.narrowSupervisor)).toEqual({ allow: narrowSupervisorId });
    expect(await outcome("supervisor-case", { caseId: cases.pro2 }, cookies.narrowSupervisor)).toEqual({ status: 404 });
    expect(await outcome("supervisor-case-mvp", { caseId: cases.pro2 }, cookies.narrowSupervisor)).toEqual({ status: 404 });
    expect(await outcome("supervisor-case", { caseId: cases.pro2 }, cookies.supervisor)).toEqual({ allow: demo.supervisorId });
    expect(await outcome("supervisor-case", { caseId: cases.thirdOrg }, cookies.supervisor)).toEqual({ status: 404 });
    expect(await outcome("supervisor-case", { caseId: "no-such-case" }, cookies.supervisor)).toEqual({ status: 404 });
    // A draft is the professional's own until it is submitted: the guard says so already (the permission table).
    expect(await outcome("supervisor-case", { caseId: cases.draft }, cookies.narrowSupervisor)).toEqual({ status: 404 });
    expect(await outcome("supervisor-case", { caseId: cases.draft }, cookies.pro)).toEqual({ allow: demo.proId });
  });
});

describe("test pages", () => {
  afterEach(() => {
    setConfig(database.config);
  });

  it("are open to admins while test pages are on", async () => {
    expect(config().testPages).toBe(true);
    expect(await outcome("test-login-flow", {}, cookies.admin)).toEqual({ allow: demo.adminId });
  });

  it("answer 404 to everyone, signed in or not, when test pages are off", async () => {
    setConfig({ ...database.config, testPages: false });
    for (const key of ROUTE_KEYS.filter((k) => "testPage" in ROUTES[k])) {
      expect(await outcome(key, {}, cookies.admin)).toEqual({ status: 404 });
      expect(await outcome(key, {})).toEqual({ status: 404 });
      expect(await outcome(key, {}, cookies.pro)).toEqual({ status: 404 });
    }
    // Other admin pages are unaffected.
    expect(await outcome("admin", {}, cookies.admin)).toEqual({ allow: demo.adminId });
  });
});

describe("second factor required for a role (MFA_REQUIRED_ROLES)", () => {
  afterEach(async () => {
    setConfig(database.config);
    await systemDb().update(userTable).set({ twoFactorEnabled: false }).where(eq(userTable.id, demo.supervisorId));
  });

  it("keeps an unenrolled user on their own account page, whatever they open, in their language", async () => {
    setConfig({ ...database.config, mfaRequiredRoles: ["supervisor"] });
    expect(await outcome("supervisor", {}, cookies.supervisor)).toEqual({ redirect: "/supervisor/profiel?second-factor=required" });
    expect(await outcome("reporting", {}, cookies.supervisor, "/en/reporting")).toEqual({ redirect: "/en/supervisor/profiel?second-factor=required" });
    expect(await outcome("supervisor-case", { caseId: cases.pro }, cookies.supervisor)).toEqual({ redirect: "/supervisor/profiel?second-factor=required" });
    expect(await outcome("supervisor-profile", {}, cookies.supervisor)).toEqual({ allow: demo.supervisorId });
    // Public pages stay open (sign-in, /verify-login), and other roles are not affected.
    expect(await outcome("verify-login", {}, cookies.supervisor)).toEqual({ allow: demo.supervisorId });
    expect(await outcome("admin", {}, cookies.admin)).toEqual({ allow: demo.adminId });
  });

  it("lets the user through once the second factor is enrolled", async () => {
    setConfig({ ...database.config, mfaRequiredRoles: ["admin", "supervisor"] });
    expect(await outcome("admin", {}, cookies.admin)).toEqual({ redirect: "/admin/profiel?second-factor=required" });
    await systemDb().update(userTable).set({ twoFactorEnabled: true }).where(eq(userTable.id, demo.supervisorId));
    expect(await outcome("supervisor", {}, cookies.supervisor)).toEqual({ allow: demo.supervisorId });
  });
});

describe("disabled users", () => {
  it("are signed out at once: their existing session no longer passes", async () => {
    const cookie = await signIn("pro2@casus.test");
    expect(await outcome("pro-home", { proId: demo.pro2Id }, cookie)).toEqual({ allow: demo.pro2Id });
    await systemDb().update(userTable).set({ banned: true }).where(eq(userTable.id, demo.pro2Id));
    try {
      expect(await outcome("pro-home", { proId: demo.pro2Id }, cookie)).toEqual({ redirect: `/?redirectTo=${encodeURIComponent(`/pro/${demo.pro2Id}`)}&reason=token-expired` });
      // Every session of the user is gone, so unbanning does not bring an old device back in.
      expect(await systemDb().select().from(sessionTable).where(eq(sessionTable.userId, demo.pro2Id))).toEqual([]);
    } finally {
      await systemDb().update(userTable).set({ banned: false }).where(eq(userTable.id, demo.pro2Id));
    }
  });
});

describe("every route against every role", () => {
  const actors = ["signed-out", "admin", "supervisor", "professional"] as const;
  const rows = ROUTE_KEYS.flatMap((key) => actors.map((actor) => [key, actor] as const));

  it.each(rows)("%s as %s", async (key, actor) => {
    const ids: Record<Role, string> = { admin: demo.adminId, supervisor: demo.supervisorId, professional: demo.proId };
    const params: Record<string, string> = { proId: demo.proId, caseId: cases.pro, orgId: demo.organisations[0].id, phone: "0612345678" };
    const used = Object.fromEntries(Object.entries(params).filter(([name]) => ROUTES[key].path.includes(`:${name}`)));
    const path = routePath(key, used);
    const cookie = actor === "signed-out" ? undefined : cookies[actor === "professional" ? "pro" : actor];
    const guard = ROUTES[key].guard;

    const result = await outcome(key, used, cookie, path);

    if (guard === null) {
      expect(result).toEqual({ allow: actor === "signed-out" ? null : ids[actor] });
    } else if (actor === "signed-out") {
      expect(result).toEqual({ redirect: `/?redirectTo=${encodeURIComponent(path)}` });
    } else if ((GUARDS[guard].roles as readonly Role[]).includes(actor)) {
      // The demo supervisor supervises the case's organisation; the professional owns the case and the proId.
      expect(result).toEqual({ allow: ids[actor] });
    } else if (guard === "admin-only-role") {
      // The dossier export: not admitted to exist for anyone but an administrator.
      expect(result).toEqual({ status: 404 });
    } else if (ROLE_VIEWS[key]?.[actor]) {
      // The actor's own page of the same record (the admin's page of a dossier).
      expect(result).toEqual({ redirect: routePath(ROLE_VIEWS[key][actor], used) });
    } else {
      expect(result).toEqual({ redirect: localizePath(homePath({ id: ids[actor], role: actor }), "nl") });
    }
  });
});
