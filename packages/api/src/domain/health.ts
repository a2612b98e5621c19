import type { Db } from "@fuda/db";

import { FudaError } from "../errors";

export interface Health {
  status: "ok";
  database: "ok";
  time: string;
}

/** The service is healthy when its database answers a query. */
export async function checkHealth({ db, now }: { db: Db; now: () => Date }): Promise<Health> {
  try {
    await db.$queryRaw`SELECT 1`;
  } catch (error) {
    // Never the driver's message: it names hosts and source paths.
    throw new FudaError(
      "DATABASE_UNAVAILABLE",
      "database: not reachable, retry later",
      {},
      { cause: error },
    );
  }
  return { status: "ok", database: "ok", time: now().toISOString() };
}
