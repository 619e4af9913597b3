import { defineConfig, devices } from "@playwright/test";

/** Debian's Chromium (no browser download), with the flags this closed network needs. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // One retry everywhere: a few browser tests (live camera model, keyboard labelling while a video plays, an upload
  // refused mid-stream) are timing-sensitive on 2 busy cores. A retried pass is reported as "flaky", not hidden.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  globalSetup: "./tests/e2e/support/global-setup.ts",
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  outputDir: "test-results",
  use: {
    ...devices["Desktop Chrome"],
    baseURL: process.env.E2E_BASE_URL,
    locale: "nl-NL",
    launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS },
    // Recorded on a failed test's retry, not for every test: recording every test to keep the failures' traces cost
    // about a fifth of the browser tests' CPU (accessibility spec 72–91 CPU-s against 50–59 without).
    trace: "on-first-retry",
  },
});
