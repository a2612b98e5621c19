import type { Db } from "@fuda/db";

/** What every procedure may use. Built by the transport (game API, results feed, tests). */
export interface Context {
  db: Db;
}

export function createContext(options: { db: Db }): Context {
  return { db: options.db };
}
