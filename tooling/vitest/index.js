import { defineConfig } from "vitest/config";

/**
 * The vitest configuration of every package: tests live in `test/`, and the timeouts allow for
 * starting PostgreSQL, apps and Chromium on a loaded 2-core machine (the suite passes with two
 * busy loops beside it). Plain JavaScript, as vitest loads it untranspiled from node_modules;
 * types in index.d.ts.
 *
 * @param {import("./index").FudaVitestOptions} [options]
 */
export function vitestConfig({ database = false, jsx = false, workers } = {}) {
  const globalSetup = database === false ? [] : [database === true ? "@fuda/db/testing" : database];
  return defineConfig({
    // tsconfig keeps JSX for Next to compile ("preserve"); the tests render it with React's runtime.
    ...(jsx && { oxc: { jsx: { runtime: "automatic" } } }),
    test: {
      include: ["test/**/*.test.{ts,tsx}"],
      // The files of a package share their worker's module graph instead of importing it again
      // per file: on 2 cores, re-importing was up to half of a package's time and CPU (api: 58 s
      // to 28 s). Tests keep no state in modules between files; env stubs are undone.
      isolate: false,
      ...(workers !== undefined && { maxWorkers: workers }),
      globalSetup,
      // Servers a test starts in its own process log only warnings and worse: a line per request
      // would bury the report. The apps the test kit spawns log at info (their output is read).
      env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  });
}
