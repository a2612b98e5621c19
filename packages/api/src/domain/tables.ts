import { setTimeout as sleep } from "node:timers/promises";

import { tableLimitsSchema } from "@fuda/rules";
import { z } from "zod";

import type { Db, Game, Table } from "@fuda/db";

import { isDatabaseUnreachable } from "../errors";

import type { TableView } from "./tables.types";
import { gameNames, statusNames } from "./tables.types";

/** A stored table as callers see it; its limits are checked against the rules' schema, not cast. */
export function toTableView(table: Table): TableView {
  const limits = tableLimitsSchema.safeParse(table.limits);
  if (!limits.success) {
    throw new Error(
      `table "${table.slug}": its stored limits are not { [betId]: { min, max } } in minor units ` +
        `with min ≤ max: ${z.prettifyError(limits.error).replaceAll("\n", "; ")}`,
    );
  }
  return {
    id: table.id,
    slug: table.slug,
    game: gameNames[table.game],
    variant: table.variant,
    name: table.name,
    status: statusNames[table.status],
    countdownSeconds: table.countdownSeconds,
    limits: limits.data,
    createdAt: table.createdAt.toISOString(),
    updatedAt: table.updatedAt.toISOString(),
  };
}

const gameOrder: Record<Game, number> = {
  BACCARAT: 0,
  QUICK_BACCARAT: 1,
  POK_DENG: 2,
  JOKER_BLACKJACK: 3,
};

/** Every table, in lobby order: by game, then by name. */
export async function listTables({ db }: { db: Db }): Promise<TableView[]> {
  const tables = await db.table.findMany({ orderBy: [{ name: "asc" }] });
  return tables.sort((a, b) => gameOrder[a.game] - gameOrder[b.game]).map(toTableView);
}

/**
 * The lobby's live view: the table list now, then again whenever it changes (checked every
 * `intervalMs`), until `signal` aborts. Polling keeps it independent of the writer; a table
 * list is small and changes rarely. While the database is out of reach the stream stays open
 * and keeps polling: the watcher keeps the last list it got, and the next one comes when the
 * database answers again. Any other failure ends the stream with that error.
 */
export async function* watchTables({
  db,
  signal,
  intervalMs = 2_000,
}: {
  db: Db;
  signal?: AbortSignal;
  intervalMs?: number;
}): AsyncGenerator<TableView[]> {
  let last = "";
  while (signal?.aborted !== true) {
    const tables = await listTables({ db }).catch((error: unknown) => {
      if (isDatabaseUnreachable(error)) return undefined;
      throw error;
    });
    if (tables !== undefined) {
      const snapshot = JSON.stringify(tables);
      if (snapshot !== last) {
        last = snapshot;
        yield tables;
      }
    }
    // Aborting ends the wait early (it rejects); the loop condition then ends the stream.
    await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
  }
}
