import { PrismaPg } from "@prisma/adapter-pg";

import { PrismaClient } from "./generated/prisma/client";

/** A Prisma client on one PostgreSQL database; create one per process (or per test database). */
export type Db = PrismaClient;

/** A new client for `url`. The caller owns it and calls `$disconnect()` when done. */
export function createDb(url: string): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
}
