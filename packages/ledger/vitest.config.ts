import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { globalSetup: ["@fuda/db/testing"] },
});
