/**
 * The dossier lists send the browser what their rows show and link by, nothing more (app/domain/dossier/list-rows.ts):
 * the page loaders are run as the signed-in professional and supervisor, and every row's fields are checked, so a
 * list that hands its query's whole rows to the page again (organisation, owner, reviewer, version, other dates)
 * fails here.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { testLoadContext } from "../../../tests/support/load-context";
import { systemDb } from "../db/client.server";
import { dossier, patient } from "../db/schema";
import { DEMO_PASSWORD, seedDemoData, type DemoData } from "../demo/seed-demo.server";

type Loader = (args: unknown) => Promise<Record<string, unknown>>;
const MODULES = import.meta.glob<{ loader: Loader }>("../../routes/**/*.tsx");

let database: TestDatabase;
let demo: DemoData;
const cookies = {} as { pro: string; supervisor: string };

beforeAll(async () => {
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "" });
  demo = await seedDemoData();
  for (const [who, email] of [["pro", "pro@casus.test"], ["supervisor", "supervisor@casus.test"]] as const) {
    const response = await database.auth.api.signInEmail({ body: { email, password: DEMO_PASSWORD }, asResponse: true });
    cookies[who] = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  }
});

afterAll(async () => {
  await database?.close();
});

async function load(file: string, path: string, params: Record<string, string>, cookie: string) {
  const { loader } = await MODULES[`../../routes/${file}`]!();
  return loader({ request: new Request(`http://localhost:3999${path}`, { headers: { cookie } }), params, context: testLoadContext() });
}

function fieldsOf(rows: unknown): string[][] {
  expect(Array.isArray(rows) && rows.length > 0, "a list with rows").toBe(true);
  return (rows as object[]).map((row) => Object.keys(row).sort());
}

const TABLE = ["earSide", "id", "phone", "status", "updatedAt"];
const QUEUE = ["earSide", "id", "phone", "professionalName", "status", "submittedAt"];

describe("the rows a dossier list sends the browser", () => {
  it("home and my dossiers: status, patient, ear, last change and the id the link needs", async () => {
    const home = await load("pro/home.tsx", `/pro/${demo.proId}`, { proId: demo.proId }, cookies.pro);
    for (const fields of [...fieldsOf(home.recent), ...fieldsOf(home.returned)]) expect(fields).toEqual(TABLE);
    const mine = await load("pro/my-dossiers.tsx", `/pro/${demo.proId}/mijn-dossiers`, { proId: demo.proId }, cookies.pro);
    for (const fields of fieldsOf(mine.rows)) expect(fields).toEqual(TABLE);
  });

  it("a patient's history: also whose dossier each is, which decides whether it links", async () => {
    const [row] = await systemDb()
      .select({ phone: patient.phone })
      .from(dossier)
      .innerJoin(patient, eq(patient.id, dossier.patientId))
      .where(eq(dossier.professionalId, demo.proId))
      .limit(1);
    const history = await load("pro/history.tsx", `/pro/${demo.proId}/${row.phone}/history`, { proId: demo.proId, phone: row.phone }, cookies.pro);
    for (const fields of fieldsOf(history.rows)) expect(fields).toEqual([...TABLE, "professionalId", "professionalName"].sort());
  });

  it("the supervisor's queue: who, patient, ear and when submitted; the waiting ones their age", async () => {
    const queue = await load("supervisor/queue.tsx", "/supervisor", {}, cookies.supervisor);
    for (const fields of fieldsOf(queue.waiting)) expect(fields).toEqual([...QUEUE, "age"].sort());
    for (const fields of [...fieldsOf(queue.mine), ...fieldsOf(queue.recent)]) expect(fields).toEqual(QUEUE);
  });
});
