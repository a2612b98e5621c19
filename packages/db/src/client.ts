import { PrismaPg } from "@prisma/adapter-pg";

import { PrismaClient } from "./generated/prisma/client";

/** A Prisma client on one PostgreSQL database; create one per process (or per test database). */
export type Db = PrismaClient;

/**
 * A new client for `url`. The caller owns it and calls `$disconnect()` when done. `poolSize` is
 * the most connections it opens at once (node-postgres' default, 10, when unset).
 */
export function createDb(url: string, { poolSize }: { poolSize?: number } = {}): Db {
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString: url, ...(poolSize ? { max: poolSize } : {}) }),
  });
}
