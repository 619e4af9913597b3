/**
 * ARCHITECTURE.md: "a console.error in a test fails it". Every console.error is recorded (and still printed);
 * after each test, anything recorded fails that test. A test that provokes an error on purpose takes the
 * messages with `takeConsoleErrors()` (tests/support/console-errors.ts) and asserts on them.
 */
import { afterAll, afterEach } from "vitest";
import { assertNoConsoleErrors, installConsoleErrorRecorder } from "./console-errors";

installConsoleErrorRecorder();

afterEach(() => assertNoConsoleErrors("during this test"));
afterAll(() => assertNoConsoleErrors("after the last test of this file"));
