/**
 * The data pages' CSV endpoints over real HTTP (the API table's router on PGlite): the page's filters from the
 * query string, and an unusable filter refused with 400 invalid-argument before any query runs. Years PostgreSQL
 * does not take (year 1, whose previous period falls in year 0; year 9999, whose next day is 10000) are unusable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInCookie, startMediaServer, type MediaTestServer } from "../../../tests/support/media-server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { seedDemoData } from "../demo/seed-demo.server";

let database: TestDatabase;
let server: MediaTestServer;
const cookies = {} as Record<"admin" | "supervisor", string>;

beforeAll(async () => {
  database = await createTestDatabase({ MFA_REQUIRED_ROLES: "" });
  await seedDemoData();
  cookies.admin = await signInCookie(database, "admin@casus.test");
  cookies.supervisor = await signInCookie(database, "supervisor@casus.test");
  server = await startMediaServer(database.dataDir);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function get(path: string, cookie: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
  const text = await response.text();
  return { status: response.status, type: response.headers.get("content-type"), text };
}

const OUT_OF_RANGE = [
  "period=custom&from=0001-01-01&to=0001-01-02",
  "period=custom&from=9999-12-30&to=9999-12-31",
  "period=custom&from=0000-01-01&to=0000-01-02",
  "period=custom&from=2026-01-01&to=9999-12-31",
];

describe("the CSV endpoints of the data pages", () => {
  it("answer a usable custom period with the table as CSV", async () => {
    const summary = await get("/api/reporting/csv/summary?period=custom&from=2026-01-01&to=2026-03-31", cookies.supervisor);
    expect([summary.status, summary.type]).toEqual([200, "text/csv; charset=utf-8"]);
    expect(summary.text).toContain("# period: 2026-01-01 to 2026-03-31");
    const matrix = await get("/api/case-handling/csv/matrix?period=custom&from=2100-12-30&to=2100-12-31", cookies.admin);
    expect([matrix.status, matrix.type]).toEqual([200, "text/csv; charset=utf-8"]);
  });

  it("refuse a malformed period with 400 invalid-argument, as before", async () => {
    expect(await get("/api/reporting/csv/summary?period=custom&from=garbage&to=2026-01-01", cookies.supervisor)).toMatchObject({ status: 400, text: '{"code":"invalid-argument"}' });
  });

  it("refuse a period in years PostgreSQL does not take with 400 invalid-argument, never a 500", async () => {
    for (const query of OUT_OF_RANGE) {
      expect(await get(`/api/reporting/csv/summary?${query}`, cookies.supervisor), query).toMatchObject({ status: 400, text: '{"code":"invalid-argument"}' });
      expect(await get(`/api/reporting/csv/summary?${query}`, cookies.admin), query).toMatchObject({ status: 400, text: '{"code":"invalid-argument"}' });
      expect(await get(`/api/case-handling/csv/matrix?${query}`, cookies.admin), query).toMatchObject({ status: 400, text: '{"code":"invalid-argument"}' });
    }
  });
});
