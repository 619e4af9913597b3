/**
 * One shared Casus server for the browser tests: the production build in demo mode on a real PostgreSQL
 * (so tests can add records while the server runs). Tests needing other settings start their own server.
 */
import { startPostgres } from "../../support/postgres";
import { createMatrixFixtures } from "./matrix-fixtures";
import { startServer } from "./server";

export default async function globalSetup() {
  const postgres = await startPostgres();
  // Every test signs in from 127.0.0.1: the per-address sign-in limit is tested on its own server (rate-limit.spec.ts).
  const server = await startServer({
    env: {
      DATABASE_URL: postgres.url, DEMO: "on", SIGN_IN_RATE_LIMIT_PER_MINUTE: "10000", SIGN_IN_ADDRESS_RATE_LIMIT: "10000",
      // The daily reminder round would add reminders to the demo's dossiers if a run crossed 08:00; Vitest tests it.
      REMINDER_TIME: "off",
    },
  });
  const fixtures = await createMatrixFixtures(postgres.url);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATABASE_URL = postgres.url;
  // The outbox (e-mail and SMS) of the shared server, for tests that read the code they were sent.
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_FIXTURES = JSON.stringify(fixtures);
  return async () => {
    await server.stop();
    await postgres.stop();
  };
}
