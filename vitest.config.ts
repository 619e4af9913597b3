/**
 * Vitest: unit and integration tests beside the code (`*.test.ts`), plus tests/unit. Browser tests (tests/e2e)
 * belong to Playwright. The React Router Vite plugin is not loaded here: tests import modules directly.
 */
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };

/**
 * Files that run in a process of their own, as Vitest does by default: those that replace a module with `vi.mock`
 * (the mock cannot leak), those that measure memory with full collections (uploads, the object-store contract), and
 * TensorFlow.js training. On a heap that earlier files have grown, a full collection takes far longer: in a fresh
 * clone's order the 200 MiB upload test timed out and model training took three times as long.
 */
const ISOLATED = [
  "app/entry.server.test.tsx",
  "app/server/media/uploads-memory.server.test.ts",
  "app/server/storage/disk-store.server.test.ts",
  "app/server/storage/s3-store.server.test.ts",
  "app/ml/**/*.test.ts",
];

const common: TestProjectInlineConfiguration["test"] = {
  environment: "node",
  setupFiles: ["./tests/support/vitest-setup.ts"],
  // Files run in parallel child processes (one PGlite or PostgreSQL per file); the machines have 2 cores.
  pool: "forks",
  testTimeout: 20_000,
  // Starting a real PostgreSQL (initdb) or migrating a fresh PGlite happens in hooks.
  hookTimeout: 60_000,
  restoreMocks: true,
  unstubEnvs: true,
};

export default defineConfig({
  resolve: { alias },
  test: {
    fileParallelism: true,
    maxWorkers: 2,
    teardownTimeout: 10_000,
    projects: [
      {
        resolve: { alias },
        test: {
          ...common,
          name: "shared-modules",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["node_modules/**", "build/**", "tests/e2e/**", ...ISOLATED],
          globalSetup: ["./tests/support/pglite-template.ts"],
          // A worker keeps its modules from one file to the next instead of importing the app again for each of the
          // 137 files: about a third of the suite's time (docs/performance.md). Each file still opens and closes its
          // own database; the setup file runs for every file. `npx vitest --sequence.shuffle` shows a file that
          // depends on another's leftovers.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...common, name: "isolated", include: ISOLATED, globalSetup: ["./tests/support/pglite-template.ts"] },
      },
    ],
  },
});
