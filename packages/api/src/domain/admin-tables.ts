/**
 * The operators' table changes (docs/operators.md, Tables): each one locks the table, checks the
 * result against the game's rules, writes it with its audit entry and announces `table.updated`
 * in one transaction. The dealer and the bet desk read the table on every step and every slip, so
 * a change reaches the running table without a restart: a status between rounds (the dealer
 * never opens a round on a table that is not open, and finishes the one in play), the countdown
 * from the next round's window, limits from the next slip, the dealing mode between rounds (the
 * runtime ends the shoe of the old mode and starts one of the new before the next round).
 */
import type { Dealing, TableStream } from "@fuda/contracts";
import type { Db, Game, Prisma, Table, TableStatus } from "@fuda/db";
import { writeAudit } from "@fuda/db";
import { appendEvents } from "@fuda/live";
import type { StakeLimit } from "@fuda/rules";

import { FudaError } from "../errors";
import type { EditableSettings } from "./table-config";
import { checkTableConfig, payTableOf } from "./table-config";
import { streamOf, toTableView } from "./tables";
import type { GameName, TableView } from "./tables.types";
import { gameNames } from "./tables.types";

type Tx = Prisma.TransactionClient;

/** A table as the portal sees it: the public view plus its settings. */
export interface AdminTableView extends TableView {
  settings: Record<string, unknown>;
  /** The dealer ends the shoe in play and starts a new one before the next round. */
  newShoeAsked: boolean;
}

const gameOf = Object.fromEntries(
  Object.entries(gameNames).map(([game, name]) => [name, game as Game]),
) as Record<GameName, Game>;

const settingsOf = (table: Table): Record<string, unknown> =>
  typeof table.settings === "object" && table.settings !== null && !Array.isArray(table.settings)
    ? table.settings
    : {};

export function toAdminTableView(table: Table): AdminTableView {
  const { newShoe, ...settings } = settingsOf(table);
  return { ...toTableView(table), settings, newShoeAsked: newShoe === true };
}

/** Every table in lobby order, with its settings. */
export async function listAdminTables({ db }: { db: Db }): Promise<AdminTableView[]> {
  const order = Object.keys(gameNames);
  const tables = await db.table.findMany({ orderBy: [{ name: "asc" }] });
  return tables.sort((a, b) => order.indexOf(a.game) - order.indexOf(b.game)).map(toAdminTableView);
}

/** The audit's copy of a table: what an operator can change, as it stood. */
const auditRecord = (table: Table) => ({
  name: table.name,
  status: table.status,
  limits: table.limits as Prisma.InputJsonValue,
  countdownSeconds: table.countdownSeconds,
  settings: table.settings as Prisma.InputJsonValue,
  dealing: table.dealing,
  stream: table.stream as Prisma.InputJsonValue,
});

async function lockTable(tx: Tx, tableId: string): Promise<Table> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM tables WHERE id::text = ${tableId} FOR UPDATE`;
  if (row === undefined) {
    throw new FudaError("NOT_FOUND", `tableId: no table ${tableId}`, { field: "tableId" });
  }
  return tx.table.findUniqueOrThrow({ where: { id: row.id } });
}

/** `table.updated` with the new public view, for the lobby and the table's watchers. */
async function announce(tx: Tx, table: Table): Promise<void> {
  await appendEvents(tx, [
    {
      tableId: table.id,
      type: "table.updated",
      payload: toTableView(table),
    },
  ]);
}

interface Change {
  db: Db;
  actorId: string;
  tableId: string;
  reason?: string | null;
}

/**
 * One audited change of a table: `apply` computes the new row from the locked one (and checks
 * it); the row, the audit entry and `table.updated` commit together.
 */
async function changeTable(
  { db, actorId, tableId, reason }: Change,
  action: string,
  apply: (tx: Tx, table: Table) => Promise<Table>,
): Promise<AdminTableView> {
  return db.$transaction(async (tx) => {
    const before = await lockTable(tx, tableId);
    const after = await apply(tx, before);
    await writeAudit(tx, {
      actorId,
      action,
      targetType: "table",
      targetId: tableId,
      before: auditRecord(before),
      after: auditRecord(after),
      reason,
    });
    await announce(tx, after);
    return toAdminTableView(after);
  });
}

export interface TableEdits {
  name?: string;
  /** Per bet id; the bets not named keep their limits. */
  limits?: Record<string, StakeLimit>;
  countdownSeconds?: number;
  /** Merged into the table's settings; the bets in play are not touched. */
  settings?: EditableSettings;
  /** Who deals the table, from the next round. */
  dealing?: Dealing;
  /** The table's video: a URL named here changes (null clears it), the others stay. */
  stream?: StreamEdit;
}

/** Stream URLs to set: undefined keeps the stored one, null clears it. */
export type StreamEdit = { [Key in keyof TableStream]?: string | null };

/** The stored stream with `edit` over it, as stored: only the URLs set. */
function mergeStream(stored: unknown, edit: StreamEdit = {}): Prisma.InputJsonObject {
  const merged = { ...streamOf(stored) };
  for (const key of ["hls", "whep", "poster"] as const) {
    if (edit[key] !== undefined) merged[key] = edit[key];
  }
  return Object.fromEntries(Object.entries(merged).filter(([, url]) => url !== null));
}

/** The quick game deals each player a software shoe of their own: no studio deals it. */
function checkDealing(game: GameName, dealing: Dealing | undefined): void {
  if (dealing === "studio" && game === "quick-baccarat") {
    throw new FudaError("BAD_INPUT", "dealing: the quick game is not dealt at a studio", {
      field: "dealing",
    });
  }
}

/** The edited keys over the stored ones; a pay table edit over the table's pay table, whole. */
function mergeSettings(
  stored: Record<string, unknown>,
  edits: EditableSettings = {},
): Prisma.InputJsonObject {
  const { payTable, ...rest } = edits;
  return {
    ...stored,
    ...rest,
    ...(payTable === undefined ? {} : { payTable: payTableOf(payTable, stored.payTable) }),
  } as Prisma.InputJsonObject;
}

export async function updateTable(change: Change & { edits: TableEdits }): Promise<AdminTableView> {
  const { edits } = change;
  return changeTable(change, "tables.update", async (tx, table) => {
    const view = toAdminTableView(table);
    const limits = { ...view.limits, ...edits.limits };
    const countdownSeconds = edits.countdownSeconds ?? table.countdownSeconds;
    checkTableConfig({
      game: view.game,
      variant: view.variant,
      limits,
      countdownSeconds,
      settings: edits.settings ?? {},
    });
    checkDealing(view.game, edits.dealing);
    return tx.table.update({
      where: { id: table.id },
      data: {
        name: edits.name ?? table.name,
        limits,
        countdownSeconds,
        settings: mergeSettings(settingsOf(table), edits.settings),
        dealing: edits.dealing ?? table.dealing,
        stream: mergeStream(table.stream, edits.stream),
      },
    });
  });
}

const statusLabels: Record<TableStatus, string> = {
  OPEN: "open",
  PAUSED: "paused",
  CLOSED: "closed",
};

/** Open, pause or close: the dealer acts on it between rounds. */
export async function setTableStatus(
  change: Change & { status: TableStatus; action: string },
): Promise<AdminTableView> {
  return changeTable(change, change.action, async (tx, table) => {
    if (table.status === change.status) {
      throw new FudaError(
        "CONFLICT",
        `status: the table is already ${statusLabels[table.status]}`,
        {
          field: "status",
        },
      );
    }
    return tx.table.update({ where: { id: table.id }, data: { status: change.status } });
  });
}

/**
 * Asks the dealer for a new shoe: before its next round it ends the shoe in play (publishing its
 * reveal) and shuffles a new one (packages/live, dealer.ts). The round in play is finished from
 * the old shoe.
 */
export async function askNewShoe(change: Change): Promise<AdminTableView> {
  return changeTable(change, "tables.newShoe", async (tx, table) => {
    if (table.game === "QUICK_BACCARAT") {
      throw new FudaError(
        "BAD_INPUT",
        "tableId: the quick game deals each player a shoe of its own",
        {
          field: "tableId",
        },
      );
    }
    return tx.table.update({
      where: { id: table.id },
      data: { settings: { ...settingsOf(table), newShoe: true } },
    });
  });
}

export interface NewTable {
  slug: string;
  game: GameName;
  variant: string;
  name: string;
  limits: Record<string, StakeLimit>;
  countdownSeconds: number;
  settings?: EditableSettings;
  /** A new table starts paused unless asked: an operator opens it when it is ready. */
  status?: "open" | "paused";
  /** Automatic unless asked. */
  dealing?: Dealing;
  stream?: StreamEdit;
}

export async function createTable({
  db,
  actorId,
  table,
  reason,
}: {
  db: Db;
  actorId: string;
  table: NewTable;
  reason?: string | null;
}): Promise<AdminTableView> {
  const settings = table.settings ?? {};
  checkTableConfig({ ...table, settings });
  checkDealing(table.game, table.dealing);
  return db.$transaction(async (tx) => {
    const taken = await tx.table.findUnique({ where: { slug: table.slug }, select: { id: true } });
    if (taken !== null) {
      throw new FudaError("CONFLICT", `slug: a table "${table.slug}" exists already`, {
        field: "slug",
      });
    }
    const created = await tx.table.create({
      data: {
        slug: table.slug,
        game: gameOf[table.game],
        variant: table.variant,
        name: table.name,
        limits: table.limits,
        countdownSeconds: table.countdownSeconds,
        settings: mergeSettings({}, settings),
        status: table.status === "open" ? "OPEN" : "PAUSED",
        dealing: table.dealing ?? "automatic",
        stream: mergeStream({}, table.stream),
      },
    });
    await writeAudit(tx, {
      actorId,
      action: "tables.create",
      targetType: "table",
      targetId: created.id,
      before: null,
      after: auditRecord(created),
      reason,
    });
    await announce(tx, created);
    return toAdminTableView(created);
  });
}
