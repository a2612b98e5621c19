import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["./src/testing.ts"],
    // Embedded PostgreSQL start and per-test databases take longer than the 5 s default on a
    // loaded 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
