import { tableLimitsSchema } from "@fuda/rules";
import { z } from "zod";

import type { TableStream } from "@fuda/contracts";
import type { Db, Game, Table } from "@fuda/db";

import type { TableView } from "./tables.types";
import { gameNames, statusNames } from "./tables.types";

/** A stored table as callers see it; its limits are checked against the rules' schema, not cast. */
const NO_STREAM: TableStream = { hls: null, whep: null, poster: null };

/** The stored `{ hls?, whep?, poster? }` as every view shows it: each URL or null. */
export function streamOf(stored: unknown): TableStream {
  if (typeof stored !== "object" || stored === null) return NO_STREAM;
  const url = (key: keyof TableStream): string | null => {
    const value = (stored as Record<string, unknown>)[key];
    return typeof value === "string" && value !== "" ? value : null;
  };
  return { hls: url("hls"), whep: url("whep"), poster: url("poster") };
}

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
    stream: streamOf(table.stream),
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
