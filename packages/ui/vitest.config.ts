import { defineConfig } from "vitest/config";

export default defineConfig({
  // tsconfig keeps JSX for Next to compile ("preserve"); the tests render it with React's runtime.
  oxc: { jsx: { runtime: "automatic" } },
  test: { include: ["test/**/*.test.{ts,tsx}"] },
});
