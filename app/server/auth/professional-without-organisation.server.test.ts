/**
 * A professional whose professional record is gone (their organisation link removed outside the product, or a
 * half-made account) still has a session. Every page their role may open answers the one refusal `no-organisation`
 * (403, explained in their language on the error page), never a 500: the page loaders and actions themselves are
 * run, since the lists and patient pages threw `not-found` AppErrors that React Router turned into 500s.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { testLoadContext } from "../../../tests/support/load-context";
import { LOCALES, localizePath } from "~/domain/locales";
import { ROUTE_KEYS, ROUTES, routePath, type RouteKey } from "~/domain/route-table";
import { systemDb } from "../db/client.server";
import { dossierMedium, media, professional } from "../db/schema";
import { startMediaServer } from "../../../tests/support/media-server";
import { createDossier } from "../demo/factories.server";
import { DEMO_PASSWORD, seedDemoData, type DemoData } from "../demo/seed-demo.server";
import { layoutLoader } from "../layout-data.server";

type RouteModule = { loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> };
const MODULES = import.meta.glob<RouteModule>("../../routes/**/*.{ts,tsx}");

let database: TestDatabase;
let demo: DemoData;
let cookie: string;
const cases = {} as { own: string; other: string };
/** Her own medium, attached to her own dossier. */
let ownMedium: string;

beforeAll(async () => {
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "" });
  demo = await seedDemoData({ dossiers: false });
  cases.own = (await createDossier({ organisationId: demo.organisations[0].id, professionalId: demo.proId, status: "submitted" })).id;
  cases.other = (await createDossier({ organisationId: demo.organisations[1].id, professionalId: demo.pro2Id, status: "submitted" })).id;
  ownMedium = crypto.randomUUID();
  await systemDb().insert(media).values({ id: ownMedium, organisationId: demo.organisations[0].id, uploaderId: demo.proId, objectKey: `k/${ownMedium}`, kind: "image", contentType: "image/png", size: 1, status: "complete" });
  await systemDb().insert(dossierMedium).values({ dossierId: cases.own, mediaId: ownMedium, ear: "left" });
  const response = await database.auth.api.signInEmail({ body: { email: "pro@casus.test", password: DEMO_PASSWORD }, asResponse: true });
  cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  // The state under test: signed in, then the professional record removed (as by hand in the database).
  await systemDb().delete(professional).where(eq(professional.userId, demo.proId));
});

afterAll(async () => {
  await database?.close();
});

const context = testLoadContext;

/** What a loader or action did: returned, or threw a response with this status and code, or threw anything else. */
async function run(fn: () => Promise<unknown>): Promise<{ status: number; code?: unknown } | { returned: true } | { threw: string }> {
  try {
    await fn();
    return { returned: true };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    const refusal = thrown as { init?: { status?: number }; data?: { code?: unknown } };
    if (refusal.init?.status) return { status: refusal.init.status, code: refusal.data?.code };
    return { threw: String(thrown) };
  }
}

/** Every page a professional's role admits: their own pages (own proId) and the dossier pages they share. */
const PAGES = ROUTE_KEYS.filter((key) => ROUTES[key].guard === "professional-role" || ROUTES[key].guard === "supervisor-professional-role");

function paramsFor(key: RouteKey, proId: string, caseId: string): Record<string, string> {
  const path = ROUTES[key].path;
  const params: Record<string, string> = {};
  if (path.includes(":proId")) params.proId = proId;
  if (path.includes(":caseId")) params.caseId = caseId;
  if (path.includes(":phone")) params.phone = "+31612345678";
  return params;
}

describe("a professional without a professional record", () => {
  it("covers the professional's pages", () => {
    expect(PAGES).toEqual(expect.arrayContaining(["pro-home", "pro-my-dossiers", "pro-history", "pro-case", "pro-clinical-reasoning", "supervisor-case"]));
  });

  it.each(PAGES)("%s answers 403 no-organisation from its loader and action, in every language, never a 500", async (key) => {
    const file = `../../${ROUTES[key].file}`;
    const module = await MODULES[file]!();
    for (const [proId, caseId] of [
      [demo.proId, cases.own],
      // Someone else's records get the same answer: the refusal comes before any record is looked at.
      [demo.pro2Id, cases.other],
    ]) {
      for (const locale of LOCALES) {
        const path = localizePath(routePath(key, paramsFor(key, proId, caseId)), locale);
        const args = (init?: RequestInit) => ({ request: new Request(`http://localhost:3999${path}`, { headers: { cookie }, ...init }), params: paramsFor(key, proId, caseId), context: context() });
        // The shell still loads (the error page is drawn inside it).
        expect((await layoutLoader(args())).user?.id).toBe(demo.proId);
        expect(await run(() => module.loader!(args())), `${path} loader`).toEqual({ status: 403, code: "no-organisation" });
        if (module.action) {
          const body = new URLSearchParams({ intent: "create" });
          const post = args({ method: "POST", body, headers: { cookie, "content-type": "application/x-www-form-urlencoded" } });
          expect(await run(() => module.action!(post)), `${path} action`).toEqual({ status: 403, code: "no-organisation" });
        }
      }
    }
  });

  it("gets none of her own dossiers' media from the API either: not found, as anything that is not hers", async () => {
    const server = await startMediaServer(database.dataDir);
    try {
      const list = await fetch(`${server.url}/api/dossiers/${cases.own}/media`, { headers: { cookie } });
      expect(list.status).toBe(404);
      const medium = await fetch(`${server.url}/api/media/${ownMedium}`, { headers: { cookie } });
      expect(medium.status).toBe(404);
      expect(await medium.json()).toMatchObject({ code: "storage/object-not-found" });
    } finally {
      await server.close();
    }
  });

  it("is back to normal once an administrator links the account to an organisation again", async () => {
    await systemDb().insert(professional).values({ userId: demo.proId, organisationId: demo.organisations[0].id });
    const module = await MODULES["../../routes/pro/home.tsx"]!();
    const request = new Request(`http://localhost:3999/pro/${demo.proId}`, { headers: { cookie } });
    expect(await run(() => module.loader!({ request, params: { proId: demo.proId }, context: context() }))).toEqual({ returned: true });
    await systemDb().delete(professional).where(eq(professional.userId, demo.proId));
  });
});
