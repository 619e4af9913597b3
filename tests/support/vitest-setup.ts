/**
 * ARCHITECTURE.md: "a console.error in a test fails it". Every console.error is recorded (and still printed);
 * after each test, anything recorded fails that test. A test that provokes an error on purpose takes the
 * messages with `takeConsoleErrors()` (tests/support/console-errors.ts) and asserts on them.
 */
import { afterAll, afterEach } from "vitest";
import { assertNoConsoleErrors, installConsoleErrorRecorder } from "./console-errors";

installConsoleErrorRecorder();

/**
 * The process-wide parts the server installs on `globalThis` (app/server: config, database, auth, delivery, object
 * store, job queue, live bus). Vitest workers keep their modules from one file to the next (vitest.config.ts), so
 * each file starts without them, as a fresh process would: one file's S3 store, pointing at a test server that had
 * since stopped, was found by the next file's demo seed.
 */
const INSTALLED = ["casus.config", "casus.database", "casus.auth", "casus.delivery", "casus.objectStore", "casus.job-queue", "casus.live-bus"];
for (const name of INSTALLED) delete (globalThis as Record<symbol, unknown>)[Symbol.for(name)];

afterEach(() => assertNoConsoleErrors("during this test"));
afterAll(() => assertNoConsoleErrors("after the last test of this file"));
