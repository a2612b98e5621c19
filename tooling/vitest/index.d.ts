import type { ViteUserConfig } from "vitest/config";

export interface FudaVitestOptions {
  /**
   * Tests that use a real PostgreSQL: `true` runs `@fuda/db/testing` as the global setup (one
   * server for the run, a database per caller); a path runs that module instead (the db
   * package's own `./src/testing.ts`).
   */
  database?: boolean | string;
  /** Packages whose tsconfig keeps JSX for Next ("preserve"): compile it with React's runtime. */
  jsx?: boolean;
  /**
   * Test files run at once, each in its own worker (vitest's default here is 1 on 2 cores). For
   * packages whose tests mostly wait on processes, browsers and the dealer's clock.
   */
  workers?: number;
}

export function vitestConfig(options?: FudaVitestOptions): ViteUserConfig;
