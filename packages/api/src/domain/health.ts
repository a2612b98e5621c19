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
    throw new FudaError("DATABASE_UNAVAILABLE", "database: not reachable", {
      cause: error instanceof Error ? error.message : String(error),
    });
  }
  return { status: "ok", database: "ok", time: now().toISOString() };
}
