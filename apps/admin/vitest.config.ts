import { defineConfig } from "vitest/config";

export default defineConfig({
  // tsconfig keeps JSX for Next ("preserve"); the e2e test imports @fuda/ui, components included.
  oxc: { jsx: { runtime: "automatic" } },
  test: {
    include: ["test/**/*.test.ts"],
    // The end-to-end test's database: the DATABASE_URL server, or an embedded PostgreSQL.
    globalSetup: ["@fuda/db/testing"],
    // Starting the game API, `next start` and Chromium on a loaded 2-core machine.
    hookTimeout: 120_000,
    testTimeout: 30_000,
  },
});
