import { tableLimitsSchema } from "@fuda/rules";
import { z } from "zod";

import type { Db, Game, Table } from "@fuda/db";

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
    dealing: table.dealing,
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
