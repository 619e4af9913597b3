/**
 * Vitest: unit and integration tests beside the code (`*.test.ts`), plus tests/unit. Browser tests (tests/e2e)
 * belong to Playwright. The React Router Vite plugin is not loaded here: tests import modules directly.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**"],
    setupFiles: ["./tests/support/vitest-setup.ts"],
    globalSetup: ["./tests/support/pglite-template.ts"],
    // Files run in parallel child processes (one PGlite or PostgreSQL per file); the machines have 2 cores.
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 20_000,
    // Starting a real PostgreSQL (initdb) or migrating a fresh PGlite happens in hooks.
    hookTimeout: 60_000,
    teardownTimeout: 10_000,
    restoreMocks: true,
    unstubEnvs: true,
  },
});
