/**
 * Seats at a seated table (docs/live-tables.md, Seats): one player per seat, at most the table's
 * `maxSeatsPerPlayer` seats per player (1 unless set). A seat in a round is left when the round
 * ends; any other seat is freed at once. Every change is announced as a table event in its own
 * transaction. The runtime never asks which game a table runs: a table has seats when its
 * settings say how many.
 */
import { z } from "zod";

import type { Db } from "@fuda/db";
import { Prisma } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { balance } from "@fuda/ledger";

import { appendEvents } from "./events";
import type { NewEvent } from "./events";
import type { RawTx } from "./dealer-rows";

type Tx = Prisma.TransactionClient;

/** A table's `settings`: absent keys take their defaults; no `seats`, no seating. */
export const tableSettingsSchema = z.object({
  /** How many seats the table has, numbered from 1 (seat 1 acts first). */
  seats: z.number().int().min(1).max(12).optional(),
  maxSeatsPerPlayer: z.number().int().min(1).default(1),
  /** How long a seat has to act on its turn before it stands. */
  actionSeconds: z.number().int().min(1).max(120).default(15),
  /** Studio tables (docs/studio.md): the burn cards are entered at the console, or skipped. */
  enterBurns: z.boolean().default(false),
  /** Studio tables: a console silent this long in a live round raises the operators' alert. */
  silentSeconds: z.number().int().min(5).max(600).default(30),
  /** How many days the table's chat lines are kept (docs/chat.md, Retention). */
  chatRetentionDays: z.number().int().min(1).max(365).default(30),
  /** Joker blackjack: a seated player's number or action word in chat bets or acts. */
  chatBets: z.boolean().default(true),
});

export type TableSettings = z.infer<typeof tableSettingsSchema>;

export const tableSettings = (settings: unknown): TableSettings =>
  tableSettingsSchema.parse(settings ?? {});

export interface SeatView {
  seat: number;
  playerId: string;
  /** The player's display name. */
  name: string;
  /** The player asked to leave; the seat is freed when the round in play ends. */
  leaving: boolean;
}

interface TableRow {
  id: string;
  slug: string;
  status: string;
  settings: unknown;
}

async function lockTable(tx: Tx, tableId: string): Promise<TableRow> {
  const rows = z.uuid().safeParse(tableId).success
    ? await tx.$queryRaw<TableRow[]>`
        SELECT id::text, slug, status::text, settings FROM tables WHERE id = ${tableId}::uuid
        FOR SHARE`
    : [];
  const table = rows[0];
  if (table === undefined) {
    throw new FudaError("NOT_FOUND", `tableId: no table ${tableId}`, { field: "tableId" });
  }
  return table;
}

const seatEvent = (
  tableId: string,
  type: "seat.taken" | "seat.leaving" | "seat.left",
  view: SeatView,
): NewEvent => ({
  tableId,
  type,
  payload: { seat: view.seat, playerId: view.playerId, name: view.name, leaving: view.leaving },
});

/** `seats.sit`: the seat is the player's from now on; bets on it are taken from this round. */
export async function sit(
  db: Db,
  { playerId, tableId, seat }: { playerId: string; tableId: string; seat: number },
): Promise<SeatView> {
  return db.$transaction(async (tx) => {
    const table = await lockTable(tx, tableId);
    const settings = tableSettings(table.settings);
    if (settings.seats === undefined) {
      throw new FudaError("CONFLICT", `tableId: table ${table.slug} has no seats`, {
        field: "tableId",
      });
    }
    if (table.status === "CLOSED") {
      throw new FudaError("CONFLICT", `tableId: table ${table.slug} is closed`, {
        field: "tableId",
      });
    }
    if (seat < 1 || seat > settings.seats) {
      throw new FudaError("BAD_INPUT", `seat: a seat from 1 to ${settings.seats}`, {
        field: "seat",
        rule: "OUT_OF_RANGE",
      });
    }
    // One player's sits at one table take turns: the count below stays true until commit.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`seats/${tableId}/${playerId}`}, 0))`;
    const held = await tx.$queryRaw<{ seat: number; leaving: boolean }[]>`
      SELECT seat, leaving FROM seats WHERE table_id = ${tableId}::uuid AND player_id = ${playerId}`;
    if (held.some((row) => row.seat === seat)) {
      throw new FudaError("CONFLICT", `seat: seat ${seat} is already yours`, {
        field: "seat",
        rule: "ALREADY_SEATED",
      });
    }
    if (held.length >= settings.maxSeatsPerPlayer) {
      throw new FudaError(
        "CONFLICT",
        `seat: at most ${settings.maxSeatsPerPlayer} seat${settings.maxSeatsPerPlayer === 1 ? "" : "s"} per player at this table`,
        { field: "seat", rule: "MAX_SEATS", max: settings.maxSeatsPerPlayer },
      );
    }
    const holding = await balance({ db: tx, playerId });
    const inserted = await tx.$queryRaw<{ name: string }[]>`
      INSERT INTO seats (table_id, seat, player_id, sit_down_balance)
      VALUES (${tableId}::uuid, ${seat}, ${playerId}, ${holding})
      ON CONFLICT (table_id, seat) DO NOTHING
      RETURNING (SELECT name FROM users WHERE id = ${playerId}) AS name`;
    if (inserted.length === 0) {
      throw new FudaError("CONFLICT", `seat: seat ${seat} is taken`, {
        field: "seat",
        rule: "SEAT_TAKEN",
      });
    }
    const view: SeatView = { seat, playerId, name: inserted[0]!.name, leaving: false };
    await appendEvents(tx, [seatEvent(tableId, "seat.taken", view)]);
    return view;
  });
}

/**
 * `seats.leave`: frees the seat now, or, when it has a bet in a round not yet settled, marks
 * it leaving (the dealer frees it as the round ends: `freeLeavingSeats`).
 */
export async function leave(
  db: Db,
  { playerId, tableId, seat }: { playerId: string; tableId: string; seat: number },
): Promise<{ seat: number; left: boolean }> {
  return db.$transaction(async (tx) => {
    await lockTable(tx, tableId);
    const rows = await tx.$queryRaw<{ name: string; in_play: boolean }[]>`
      SELECT u.name, EXISTS (
        SELECT 1 FROM bets b JOIN rounds r ON r.id = b.round_id
        WHERE r.table_id = s.table_id AND r.phase IN ('betting', 'dealing')
          AND b.seat = s.seat AND b.status = 'open') AS in_play
      FROM seats s JOIN users u ON u.id = s.player_id
      WHERE s.table_id = ${tableId}::uuid AND s.seat = ${seat} AND s.player_id = ${playerId}
      FOR UPDATE OF s`;
    const row = rows[0];
    if (row === undefined) {
      throw new FudaError("NOT_FOUND", `seat: seat ${seat} is not yours at this table`, {
        field: "seat",
        rule: "NOT_SEATED",
      });
    }
    const view: SeatView = { seat, playerId, name: row.name, leaving: row.in_play };
    if (row.in_play) {
      await tx.$executeRaw`
        UPDATE seats SET leaving = true WHERE table_id = ${tableId}::uuid AND seat = ${seat}`;
    } else {
      await tx.$executeRaw`
        DELETE FROM seats WHERE table_id = ${tableId}::uuid AND seat = ${seat}`;
    }
    await appendEvents(tx, [seatEvent(tableId, row.in_play ? "seat.leaving" : "seat.left", view)]);
    return { seat, left: !row.in_play };
  });
}

/** The statement that frees the table's seats whose players asked to leave, returning them. */
export const freeLeavingSeatsSql = (tableId: string): Prisma.Sql => Prisma.sql`
  DELETE FROM seats s USING users u
  WHERE s.table_id = ${tableId}::uuid AND s.leaving AND u.id = s.player_id
  RETURNING s.seat, s.player_id, u.name`;

export interface FreedSeat {
  seat: number;
  player_id: string;
  name: string;
}

/** `seat.left` for each seat `freeLeavingSeatsSql` freed. */
export const seatsLeftEvents = (tableId: string, freed: readonly FreedSeat[]): NewEvent[] =>
  freed.map((row) =>
    seatEvent(tableId, "seat.left", {
      seat: row.seat,
      playerId: row.player_id,
      name: row.name,
      leaving: false,
    }),
  );

/** Frees the table's seats whose players asked to leave; their events, for the caller to append. */
export async function freeLeavingSeats(tx: RawTx, tableId: string): Promise<NewEvent[]> {
  return seatsLeftEvents(tableId, await tx.$queryRaw<FreedSeat[]>(freeLeavingSeatsSql(tableId)));
}

/** Who sits where at a table, by seat. */
export async function seatsAt(db: Pick<Tx, "$queryRaw">, tableId: string): Promise<SeatView[]> {
  const rows = await db.$queryRaw<
    { seat: number; player_id: string; name: string; leaving: boolean }[]
  >`
    SELECT s.seat, s.player_id, u.name, s.leaving FROM seats s JOIN users u ON u.id = s.player_id
    WHERE s.table_id = ${tableId}::uuid ORDER BY s.seat`;
  return rows.map((row) => ({
    seat: row.seat,
    playerId: row.player_id,
    name: row.name,
    leaving: row.leaving,
  }));
}
