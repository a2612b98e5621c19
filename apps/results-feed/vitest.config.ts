import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One PostgreSQL server for the run (DATABASE_URL's, or an embedded one); a database per test file.
    globalSetup: ["@fuda/db/testing"],
    // Starting the service as a child process takes a few seconds on a loaded 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
