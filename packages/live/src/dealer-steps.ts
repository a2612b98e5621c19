/**
 * The dealer's steps, each one transaction: the round and shoe rows, the bets, the ledger
 * transfers and the events that announce them commit together or not at all
 * (docs/live-tables.md, One step, one transaction). A step writes a round only over the version
 * it read, so a dealer that lost its table to another can never advance a round twice.
 */
import { randomUUID } from "node:crypto";

import type { Db } from "@fuda/db";
import { isDb, Prisma, sqlClient, sqlTransaction, sqlTransactionOf } from "@fuda/db";
import type { GameEvent, LiveRound, TableGameDefinition } from "@fuda/rules";
import { studioTry } from "@fuda/rules";
import type { Shoe } from "@fuda/shoe";
import { burnDealtSince, endRound, shoeFromJson, shoeToJson } from "@fuda/shoe";

import type { RawTx, RoundRow, ShoeRow, TableRef, Tx } from "./dealer-rows";
import {
  asStep,
  FencedError,
  lastStatements,
  lockedReads,
  lockRound,
  roundStepLock,
  TableNotOpenError,
} from "./dealer-rows";
import { endShoe, saveShoe, saveShoeSql } from "./dealer-shoe";
import type { NewEvent } from "./events";
import { bettorsOf, deadlineAfter, roundBettorsSql, stepEvents } from "./decisions";
import { appendEvents, appendEventsCtes, appendEventsSql } from "./events";
import type { FreedSeat } from "./seats";
import { freeLeavingSeats, freeLeavingSeatsSql, seatsLeftEvents } from "./seats";
import { refundOpenBets } from "./refunds";
import type { OpenBet, Settlement } from "./settlement";
import {
  betTotalsJsonSql,
  openBetsOf,
  openBetsSql,
  playerEvents,
  settledEvents,
  settlementOf,
} from "./settlement";
import { behindBets, reopenBetting, waitsForBet } from "./waiting-round";

/**
 * Runs `run` in a transaction of its own on node-postgres (a dealer's step: only SQL, several
 * times cheaper than Prisma's interactive transaction), or in the caller's (a studio console's
 * step, in its Prisma transaction).
 */
const inTransaction = <T>(
  db: Db | Tx,
  run: (tx: RawTx) => Promise<T>,
  first?: readonly Prisma.Sql[],
): Promise<T> => (isDb(db) ? sqlTransaction(db, run, { first }) : run(db));

/** What the dealer reads of a table between rounds. */
export interface TableAsRead {
  slug: string;
  game: string;
  variant: string;
  countdownSeconds: number;
  settings: unknown;
  dealing: string;
}

/**
 * Opens the shoe's next round for betting until `closesAt`; with `whileOpen` (the dealer's own
 * step), only at a table still open (TableNotOpenError). Returns the round and the shoe after it.
 */
export async function openRound(
  db: Db | Tx,
  table: TableRef,
  definition: TableGameDefinition,
  shoeRow: ShoeRow,
  closesAt: Date,
  {
    whileOpen = false,
    asRead,
  }: {
    whileOpen?: boolean;
    /**
     * The table as the dealer last read it, rounds ago: opened only if it is still so (an
     * operator changed nothing the dealer reads meanwhile); else TableNotOpenError.
     */
    asRead?: TableAsRead;
  } = {},
): Promise<RoundRow & { shoe: ShoeRow }> {
  const shoe = shoeFromJson(shoeRow.state);
  const round = definition.startRound(shoe);
  const id = randomUUID();
  const opened: NewEvent = {
    tableId: table.id,
    roundId: id,
    type: "round.opened",
    payload: {
      roundId: id,
      shoeId: shoeRow.id,
      number: round.number,
      closesAt: closesAt.toISOString(),
      betsOffered: [...definition.betsOffered(round.number)],
    },
  };
  // One statement, a transaction of its own: the table still open (held FOR SHARE, so a pause
  // made meanwhile waits for it), the shoe over the position read, the round and its event; when
  // either check fails, nothing at all.
  const client = isDb(db) ? sqlClient(db) : db;
  const [row] = await client.$queryRaw<{ open: boolean; opened: number }[]>`
    WITH open AS MATERIALIZED (
      SELECT NOT ${whileOpen}::boolean OR EXISTS (
        SELECT 1 FROM tables WHERE id = ${table.id}::uuid AND status = 'OPEN'
        ${
          asRead === undefined
            ? Prisma.empty
            : Prisma.sql`AND slug = ${asRead.slug} AND game::text = ${asRead.game}
                AND variant = ${asRead.variant} AND countdown_seconds = ${asRead.countdownSeconds}
                AND settings = ${JSON.stringify(asRead.settings ?? {})}::jsonb
                AND dealing::text = ${asRead.dealing}`
        }
        FOR SHARE) AS open),
    shoe AS (
      ${saveShoeSql(shoeRow.id, shoeRow.position, shoe, {
        onlyIf: Prisma.sql`(SELECT open FROM open)`,
        stored: shoeRow.state,
      })}),
    opened AS (
      INSERT INTO rounds (id, table_id, shoe_id, number, betting_closes_at, state, cards)
      SELECT ${id}::uuid, ${table.id}::uuid, shoe.id, ${round.number}::int,
             ${closesAt}::timestamptz, ${JSON.stringify(round)}::jsonb, '{}' FROM shoe
      RETURNING id),
    ${appendEventsCtes("opened", [opened])}
    SELECT (SELECT open FROM open) AS open, (SELECT count(*)::int FROM opened) AS opened`;
  if (!row!.open) throw new TableNotOpenError(table.id);
  if (row!.opened !== 1) throw new FencedError(`shoe ${shoeRow.id}`);
  return {
    id,
    shoeId: shoeRow.id,
    number: round.number,
    phase: "betting",
    closesAt,
    state: round,
    version: 0,
    moves: 0,
    actsBy: null,
    shoe: { ...shoeRow, state: shoeToJson(shoe), position: shoe.position },
  };
}

/**
 * Betting closes: from now on a bet is refused with BETTING_CLOSED (bets.place locks FOR SHARE).
 * A game with players' decisions seats the round's bettors now, in the same step. A game not
 * dealt to nobody (`dealsWithoutBets: false`) whose round has no bet does not close: its window
 * starts again for `windowMs` (waiting-round.ts), and the round comes back still betting.
 */
export async function closeBetting(
  db: Db | Tx,
  table: TableRef,
  round: RoundRow,
  definition: TableGameDefinition | null | undefined,
  { windowMs, now = Date.now() }: { windowMs: number; now?: number },
): Promise<RoundRow> {
  const decisions = definition?.decisions;
  const closed: RoundRow = {
    ...round,
    phase: "dealing",
    version: round.version + 1,
    moves: round.moves + (decisions === undefined ? 0 : 1),
  };
  const lock = roundStepLock(round, "betting");
  const waits = definition != null && !definition.dealsWithoutBets;
  // Nothing to read before the close (no bettors to seat, no bet to wait for): the lock, the
  // close, the bets as closed (for the settling deal) and COMMIT in one message.
  if (isDb(db) && decisions === undefined && !waits) {
    const [, , bets] = await asStep(round.id, () =>
      sqlTransactionOf(db, [lock, closeSql(table, round, null, []), openBetsSql(round.id)]),
    );
    return { ...closed, betsAtClose: bets as OpenBet[] };
  }
  const behind = definition == null ? [] : behindBets(definition);
  // Read under the lock, with BEGIN: the open bets (is one dealt to? which bets behind a seat
  // are left unplayed?) and, at a game of decisions, the bettors to seat.
  const reads = [
    openBetsSql(round.id),
    ...(decisions === undefined ? [] : [roundBettorsSql(table, round.id, behind)]),
  ];
  return inTransaction(
    db,
    async (tx) => {
      const [open, seats] = (await lockedReads(tx, round, "betting", reads)) as [
        OpenBet[],
        unknown[] | undefined,
      ];
      if (waits && !open.some((bet) => !behind.includes(bet.bet))) {
        return reopenBetting(tx, table, round, definition, new Date(now + windowMs));
      }
      let state = round.state;
      // The bets left open, for the settling deal (`RoundRow.betsAtClose`).
      let betsAtClose = open;
      const refunded: NewEvent[] = [];
      if (decisions !== undefined) {
        const bettors = bettorsOf(seats!);
        state = decisions.seatBettors(round.state, bettors);
        const played = new Set(bettors.map((bettor) => bettor.seat));
        const unplayed = open.filter(
          (bet) => behind.includes(bet.bet) && (bet.seat === null || !played.has(bet.seat)),
        );
        if (unplayed.length > 0) {
          refunded.push(...(await refundUnplayedBehind(tx, table, round, unplayed)));
          betsAtClose = open.filter((bet) => !unplayed.includes(bet));
        }
      }
      const seated = decisions === undefined ? null : JSON.stringify(state);
      await lastStatements(tx, round.id, [closeSql(table, round, seated, refunded)]);
      return { ...closed, state, betsAtClose };
    },
    [lock, ...reads],
  );
}

/**
 * The close in one statement: the round closed (with `seated`, its state with the bettors seated)
 * and `round.closed` with the stakes, read under the round's lock (no bet comes or goes), then
 * any refunds' events.
 */
const closeSql = (
  table: TableRef,
  round: RoundRow,
  seated: string | null,
  refunded: readonly NewEvent[],
): Prisma.Sql => Prisma.sql`
  WITH written AS (
    UPDATE rounds SET phase = 'dealing'::round_phase, closed_at = ${new Date()}::timestamptz,
      version = version + 1, state = coalesce(${seated}::jsonb, state),
      moves = moves + ${seated === null ? 0 : 1}::int
    WHERE id = ${round.id}::uuid
    RETURNING id),
  ${appendEventsCtes("written", refunded, {
    lead: Prisma.sql`SELECT ${table.id}::uuid, ${round.id}::uuid, NULL::text, 'round.closed',
      jsonb_build_object('roundId', ${round.id}::text, 'number', ${round.number}::int)
        || ${betTotalsJsonSql(round.id)}`,
  })}
  SELECT 1`;

/**
 * Bets behind a seat whose player placed no bet of their own are refunded as betting closes
 * (docs/rules/joker-blackjack.md, Bet Behind): the seat is not dealt in, so there is no hand to
 * follow. Each backer is told with their own `round.cancelled` (the refunded bets and the wallet
 * after them); the round goes on.
 */
async function refundUnplayedBehind(
  tx: RawTx,
  table: TableRef,
  round: RoundRow,
  unplayed: readonly OpenBet[],
): Promise<NewEvent[]> {
  const refunds = await refundOpenBets(tx, round.id, { betIds: unplayed.map((bet) => bet.id) });
  const wallets = new Map(refunds.map((refund) => [refund.playerId, refund.balance]));
  const refunded = unplayed.map((bet) => ({ ...bet, returned: Number(bet.reserved) }));
  return playerEvents(table, round, "round.cancelled", refunded, wallets);
}

/** The cards a deal step reveals: the round after them and their events, in order. */
export interface Dealt {
  next: LiveRound;
  events: GameEvent[];
}

/**
 * The round's next dealer step on `shoe` (moved on in place); with `through`, every step up to
 * the next player's decision or the end of the deal. At a studio shoe (docs/studio.md) only
 * steps whose cards were entered are taken: null when the first one needs a card.
 */
export function computeDeal(
  definition: TableGameDefinition,
  shoe: Shoe,
  round: LiveRound,
  { through = false }: { through?: boolean } = {},
): Dealt | null {
  const stepOnce = (from: LiveRound): { round: LiveRound; events: readonly GameEvent[] } | null => {
    if (shoe.studio !== true) return definition.dealerStep(shoe, from);
    const tried = studioTry(shoe, from.first, (copy) => definition.dealerStep(copy, from));
    return tried.ready ? tried.result : null;
  };
  const first = stepOnce(round);
  if (first === null) return null;
  let next = first.round;
  const events = [...first.events];
  while (through && !next.dealt && definition.decisions?.pending(next) == null) {
    const step = stepOnce(next);
    if (step === null) break;
    next = step.round;
    events.push(...step.events);
  }
  return { next, events };
}

/**
 * Reveals the next card; with `through`, every card up to the next player's decision or the end
 * of the deal (a table dealt without a pause between cards: nobody could watch them apart, so
 * they are one step). The step that ends the deal also settles every bet through the ledger,
 * adds the round to the shoe's road and, after the shoe's last round, publishes the reveal: the
 * result is never announced without the points having moved. At a studio shoe, the steps whose
 * cards were entered (`dealt: null`: none is).
 */
export async function dealStep(
  db: Db,
  table: TableRef,
  definition: TableGameDefinition,
  round: RoundRow,
  shoeRow: ShoeRow,
  { through = false }: { through?: boolean } = {},
): Promise<DealtStep | { dealt: null }> {
  const shoe = shoeFromJson(shoeRow.state);
  const dealt = computeDeal(definition, shoe, round.state, { through });
  if (dealt === null) return { dealt: null };
  // On node-postgres, each step sent as few messages as its answers allow (docs/live-tables.md,
  // Few messages a step): a round trip costs more of the process than what it carries.
  const lock = roundStepLock(round, "dealing", shoeRow);
  if (!dealt.next.dealt) {
    // Cards only: the lock, the cards with their events, COMMIT, in one message.
    const write = dealWrite({ table, definition, round, shoeRow, shoe, dealt }, null);
    await asStep(round.id, () => sqlTransactionOf(db, [lock, write.sql]));
    return { ...write.step, shoeEnded: false };
  }
  const settling = (bets: readonly OpenBet[]) =>
    settlingWrite(
      dealWrite({ table, definition, round, shoeRow, shoe, dealt }, bets, { freeSeats: false }),
      table,
      round,
    );
  // The bets as this process closed betting: the lock, the settlement, its events and COMMIT in
  // one message.
  if (round.betsAtClose !== undefined && !dealt.next.lastRound) {
    const { step, statements } = settling(round.betsAtClose);
    await asStep(round.id, () => sqlTransactionOf(db, [lock, ...statements]));
    return { ...step, shoeEnded: false };
  }
  // Else the bets to settle read under the lock, then the settlement, its events and COMMIT.
  return asStep(round.id, () =>
    sqlTransaction(
      db,
      async (tx) => {
        // The shoe's last round also ends the shoe, whose event is built from its write.
        if (dealt.next.lastRound)
          return writeDeal(tx, table, definition, round, shoeRow, shoe, dealt);
        const { step, statements } = settling((await tx.first!())[1] as OpenBet[]);
        await tx.commitWith(statements);
        return { ...step, shoeEnded: false };
      },
      { first: [lock, openBetsSql(round.id)] },
    ),
  );
}

/**
 * A settling deal's statements: the deal with the settlement, then its events with the wallets
 * after it and the seats freed whose players asked to leave during the round.
 */
function settlingWrite(
  write: DealWrite,
  table: TableRef,
  round: RoundRow,
): { step: DealWrite["step"]; statements: Prisma.Sql[] } {
  const settlement = write.settlement!;
  // The wallets after the settlement, as its next statement finds them: a player's who got
  // something back (a settlement that returns nothing moves no wallet, and tells none).
  const paid = new Set(settlement.settled.filter((b) => b.returned > 0).map((b) => b.player_id));
  const events = [...write.events, ...settledEvents(table, round, settlement.settled, new Map())];
  return {
    step: write.step,
    statements: [
      write.sql,
      appendEventsSql(events, {
        balanceOf: (event) =>
          event.type === "round.settled" && paid.has(event.playerId ?? "") ? event.playerId! : null,
        // The seats whose players asked to leave during the round are free now.
        ctes: Prisma.sql`freed AS (${freeLeavingSeatsSql(table.id)})`,
        tail: Prisma.sql`
          SELECT ${table.id}::uuid, NULL::uuid, NULL::text, 'seat.left',
            jsonb_build_object('seat', seat, 'playerId', player_id, 'name', name, 'leaving', false)
          FROM freed ORDER BY seat`,
      }),
    ],
  };
}

export interface DealtStep {
  dealt: Dealt;
  round: RoundRow;
  shoe: ShoeRow;
  settled: boolean;
  shoeEnded: boolean;
}

/** A computed deal's write: one statement, the step's events, and the table after it. */
interface DealWrite {
  /**
   * The shoe over the position read, the round, and either the events or, when the deal ends,
   * the settlement through the ledger (and, with `freeSeats`, the seats freed whose players
   * asked to leave during it: `freed`).
   */
  sql: Prisma.Sql;
  /** The cards' and turns' events: written by `sql` unless it settles. */
  events: NewEvent[];
  settlement: Settlement | null;
  road: unknown[];
  step: Omit<DealtStep, "shoeEnded">;
}

/**
 * The write of a computed deal, over the version and moves the round was computed from;
 * `byConsole`: a studio console's step, which moves the round as a player's action does (`moves`
 * only), so the table's dealer computing meanwhile computes again instead of taking itself for
 * fenced out. `bets`: the round's open bets, when the deal ends it.
 */
function dealWrite(
  {
    table,
    definition,
    round,
    shoeRow,
    shoe,
    dealt,
  }: {
    table: TableRef;
    definition: TableGameDefinition;
    round: RoundRow;
    shoeRow: ShoeRow;
    shoe: Shoe;
    dealt: Dealt;
  },
  bets: readonly OpenBet[] | null,
  { byConsole = false, freeSeats = true }: { byConsole?: boolean; freeSeats?: boolean } = {},
): DealWrite {
  const { next, events: shown } = dealt;
  const actsBy = deadlineAfter(definition, table, next, shown, round.actsBy);
  const events: NewEvent[] = stepEvents(table, round, shown, actsBy);
  const settlement = bets === null ? null : settlementOf(table, round, next, definition, bets);
  const road = next.dealt ? definition.updateRoad(shoeRow.road, next) : shoeRow.road;
  const outcome = next.dealt ? definition.outcome(next) : null;
  const fence = byConsole ? 0 : 1;
  const settledAt = next.dealt ? new Date() : null;
  const sql = Prisma.sql`
    WITH shoe AS (${saveShoeSql(shoeRow.id, shoeRow.position, shoe, {
      road: next.dealt ? road : null,
      roadBefore: shoeRow.road,
      stored: shoeRow.state,
    })}),
    round AS (
      UPDATE rounds SET state = ${JSON.stringify(next)}::jsonb, cards = ${[...next.cards]}::int[],
        version = version + ${fence}::int, moves = moves + 1, acts_by = ${actsBy}::timestamptz,
        phase = CASE WHEN ${next.dealt}::boolean THEN 'settled'::round_phase ELSE phase END,
        outcome = coalesce(${outcome === null ? null : JSON.stringify(outcome)}::jsonb, outcome),
        settled_at = coalesce(${settledAt}::timestamptz, settled_at)
      WHERE id = ${round.id}::uuid AND EXISTS (SELECT 1 FROM shoe)
      RETURNING id)
    ${
      // A deal that does not end the round: its events go in the same statement.
      settlement === null
        ? Prisma.sql`, ${appendEventsCtes("round", events)}
          SELECT (SELECT count(*)::int FROM shoe) AS shoe, NULL::jsonb AS results,
                 '[]'::json AS freed`
        : Prisma.sql`, ${settlement.ctes}
          ${freeSeats ? Prisma.sql`, freed AS (${freeLeavingSeatsSql(table.id)})` : Prisma.empty}
          SELECT (SELECT count(*)::int FROM shoe) AS shoe, (SELECT results FROM posted) AS results,
                 ${freeSeats ? Prisma.sql`(SELECT coalesce(json_agg(freed), '[]') FROM freed)` : Prisma.sql`'[]'::json`} AS freed,
                 ${settlement.posted} AS posted`
    }`;
  return {
    sql,
    events,
    settlement,
    road,
    step: {
      dealt,
      round: {
        ...round,
        state: next,
        version: round.version + fence,
        moves: round.moves + 1,
        actsBy,
        phase: next.dealt ? "settled" : "dealing",
      },
      shoe: { id: shoeRow.id, state: shoeToJson(shoe), position: shoe.position, road },
      settled: next.dealt,
    },
  };
}

/**
 * Writes a computed deal in `tx` (`dealWrite`), statement by statement: the round's lock, the
 * deal, and when it ends the round, the events with the wallets after the settlement and, after
 * the shoe's last round, its end.
 */
export async function writeDeal(
  tx: RawTx,
  table: TableRef,
  definition: TableGameDefinition,
  round: RoundRow,
  shoeRow: ShoeRow,
  shoe: Shoe,
  dealt: Dealt,
  { byConsole = false }: { byConsole?: boolean } = {},
): Promise<DealtStep> {
  await lockRound(tx, round, "dealing");
  // The deal that ends the round settles it in the same statement as the cards.
  const bets = !dealt.next.dealt
    ? null
    : tx.first !== undefined
      ? ((await tx.first())[1] as OpenBet[])
      : await openBetsOf(tx, round.id);
  const write = dealWrite({ table, definition, round, shoeRow, shoe, dealt }, bets, { byConsole });
  const [written] = await tx.$queryRaw<
    { shoe: number; results: unknown[] | null; freed: FreedSeat[] }[]
  >(write.sql);
  if (written!.shoe !== 1) throw new FencedError(`shoe ${shoeRow.id}`);
  let shoeEnded = false;
  const { settlement } = write;
  if (settlement !== null) {
    // The events follow the settlement: they tell the wallets after it.
    const wallets = settlement.wallets(written!.results);
    const events = [...write.events];
    events.push(...settledEvents(table, round, settlement.settled, wallets));
    // The round is over: the seats whose players asked to leave during it are free now.
    events.push(...seatsLeftEvents(table.id, written!.freed));
    if (dealt.next.lastRound) {
      events.push(await endShoe(tx, table, shoeRow.id, shoe));
      shoeEnded = true;
    }
    await appendEvents(tx, events);
  }
  return { ...write.step, shoeEnded };
}

/**
 * Cancels a round that never started dealing: every bet refunded, the round's face-down cards
 * (Pok Deng deals them at the open) burned, and the shoe ended if that was its last round. With
 * `ifWaiting`, only if the round still waits for a bet (waiting-round.ts), counted under its lock.
 */
export async function cancelRound(
  db: Db,
  table: TableRef,
  round: RoundRow,
  shoeRow: ShoeRow,
  reason: string,
  { ifWaiting }: { ifWaiting?: TableGameDefinition } = {},
): Promise<{ cancelled: boolean; shoeEnded: boolean }> {
  const shoe = shoeFromJson(shoeRow.state);
  burnDealtSince(shoe, round.state.first);
  const last = endRound(shoe);
  return sqlTransaction(
    db,
    async (tx) => {
      await lockRound(tx, round, "betting");
      // Asked to cancel only a round waiting for a bet: one that took a bet meanwhile goes on.
      if (ifWaiting !== undefined && !(await waitsForBet(tx, ifWaiting, round.id))) {
        return { cancelled: false, shoeEnded: false };
      }
      await saveShoe(tx, shoeRow.id, shoeRow.position, shoe);
      const bets = await openBetsOf(tx, round.id);
      const refunds = await refundOpenBets(tx, round.id);
      const wallets = new Map(refunds.map((refund) => [refund.playerId, refund.balance]));
      const refunded = bets.map((bet) => ({ ...bet, returned: Number(bet.reserved) }));
      await tx.$executeRaw`
      UPDATE rounds SET phase = 'cancelled'::round_phase, closed_at = ${new Date()}::timestamptz,
        version = version + 1
      WHERE id = ${round.id}::uuid`;
      const events: NewEvent[] = [
        {
          tableId: table.id,
          roundId: round.id,
          type: "round.cancelled",
          payload: { roundId: round.id, number: round.number, reason, refunds: refunded.length },
        },
        ...playerEvents(table, round, "round.cancelled", refunded, wallets),
        ...(await freeLeavingSeats(tx, table.id)),
      ];
      if (last) events.push(await endShoe(tx, table, shoeRow.id, shoe));
      await appendEvents(tx, events);
      return { cancelled: true, shoeEnded: last };
    },
    { first: [roundStepLock(round, "betting")] },
  );
}
