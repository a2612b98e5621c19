import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

import { PrismaClient } from "./generated/prisma/client";

/** A Prisma client on one PostgreSQL database; create one per process (or per test database). */
export type Db = PrismaClient;

/** The node-postgres pool under each client `createDb` made: Prisma's and the hot paths' own. */
const pools = new WeakMap<Db, pg.Pool>();

/**
 * A new client for `url`. The caller owns it and calls `$disconnect()` when done. `poolSize` is
 * the most connections it opens at once (node-postgres' default, 10, when unset). Prisma runs
 * on a pool of ours, so the few hot paths that skip its query engine (`sqlTransaction`) share
 * the same connections and limit.
 */
export function createDb(url: string, { poolSize }: { poolSize?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: url, ...(poolSize ? { max: poolSize } : {}) });
  // An idle connection the server drops (a restart, an outage) is noticed at its next use; the
  // pool's error event must not end the process meanwhile.
  pool.on("error", () => undefined);
  const client = new PrismaClient({ adapter: new PrismaPg(pool) });
  // Prisma ends an external pool only if it ever connected; the hot paths may have used it alone.
  const disconnect = client.$disconnect.bind(client);
  client.$disconnect = async () => {
    await disconnect();
    if (!pool.ended) await pool.end();
  };
  pools.set(client, pool);
  return client;
}

/**
 * Whether `client` is a client `createDb` made, not a transaction of one: a step runs in a
 * transaction of its own on the former, in the caller's on the latter.
 */
export const isDb = (client: object): client is Db => pools.has(client as Db);

/** The pool under `db` (a client `createDb` made). */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (pool === undefined) throw new Error("poolOf: this client was not made by createDb");
  return pool;
}
