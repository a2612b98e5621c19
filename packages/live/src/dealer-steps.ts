/**
 * The dealer's steps, each one transaction: the round and shoe rows, the bets, the ledger
 * transfers and the events that announce them commit together or not at all
 * (docs/live-tables.md, One step, one transaction). A step writes a round only over the version
 * it read, so a dealer that lost its table to another can never advance a round twice.
 */
import type { Db, Prisma } from "@fuda/db";
import type { TransferRequest } from "@fuda/ledger";
import { settleRequest, transferMany } from "@fuda/ledger";
import type { GameDefinition, LiveBet, LiveRound } from "@fuda/rules";
import type { Rng, Shoe, ShoeJson } from "@fuda/shoe";
import {
  burnDealtSince,
  burnFirstCard,
  DEFAULT_CUT_CARD,
  endRound,
  newShoe,
  revealShoe,
  shoeCommitment,
  shoeFromJson,
  shoeToJson,
} from "@fuda/shoe";

import type { NewEvent } from "./events";
import { appendEvents } from "./events";
import { refundOpenBets } from "./refunds";

type Tx = Prisma.TransactionClient;

/** Another dealer moved the round first (or it is not where this one left it). */
export class FencedError extends Error {
  constructor(roundId: string) {
    super(`round ${roundId} was moved by another dealer`);
    this.name = "FencedError";
  }
}

export interface ShoeRow {
  id: string;
  state: ShoeJson;
  position: number;
  road: unknown[];
}

export interface RoundRow {
  id: string;
  shoeId: string;
  number: number;
  phase: "betting" | "dealing" | "settled" | "cancelled";
  closesAt: Date;
  state: LiveRound;
  version: number;
}

interface TableRef {
  id: string;
}

const json = (value: unknown) => value as Prisma.InputJsonValue;

/** Writes a shoe's progress (position, burns, state) over the position this step read. */
async function saveShoe(tx: Tx, shoeId: string, before: number, shoe: Shoe): Promise<void> {
  const state = shoeToJson(shoe);
  const updated = await tx.shoe.updateMany({
    where: { id: shoeId, position: before, endedAt: null },
    data: { state: json(state), position: shoe.position, burned: state.burned },
  });
  if (updated.count !== 1) throw new FencedError(`shoe ${shoeId}`);
}

/** Ends the shoe: its reveal (salt and order) becomes public with `shoe.ended`. */
async function endShoe(tx: Tx, table: TableRef, shoeId: string, shoe: Shoe): Promise<NewEvent> {
  const reveal = revealShoe(shoe);
  await tx.shoe.update({
    where: { id: shoeId },
    data: { endedAt: new Date(), reveal: json(reveal) },
  });
  return {
    tableId: table.id,
    type: "shoe.ended",
    payload: { shoeId, reveal: { salt: reveal.salt, cards: reveal.cards }, rounds: shoe.round },
  };
}

/** A new shoe: shuffled, committed, first card burned; `shoe.started` publishes the commitment. */
export async function startShoe(
  db: Db,
  table: TableRef,
  definition: GameDefinition,
  rng: Rng,
): Promise<ShoeRow> {
  const shoe = newShoe({ cards: definition.shoeCards(), rng, cutCard: DEFAULT_CUT_CARD });
  const commitment = shoeCommitment(shoe);
  const burn = burnFirstCard(shoe);
  const state = shoeToJson(shoe);
  return db.$transaction(async (tx) => {
    const row = await tx.shoe.create({
      data: {
        tableId: table.id,
        commitment,
        cards: Buffer.from(shoe.cards),
        state: json(state),
        position: shoe.position,
        burned: state.burned,
        firstBurn: json(burn),
      },
      select: { id: true },
    });
    await appendEvents(tx, [
      {
        tableId: table.id,
        type: "shoe.started",
        payload: {
          shoeId: row.id,
          commitment,
          cardCount: shoe.cards.length,
          burn: { shownCard: burn.shownCard, burnCount: burn.burnCount },
        },
      },
    ]);
    return { id: row.id, state, position: shoe.position, road: [] };
  });
}

/** Opens the shoe's next round for betting until `closesAt`. */
export async function openRound(
  db: Db,
  table: TableRef,
  definition: GameDefinition,
  shoeRow: ShoeRow,
  closesAt: Date,
): Promise<RoundRow> {
  const shoe = shoeFromJson(shoeRow.state);
  const round = definition.startRound(shoe);
  return db.$transaction(async (tx) => {
    await saveShoe(tx, shoeRow.id, shoeRow.position, shoe);
    const row = await tx.round.create({
      data: {
        tableId: table.id,
        shoeId: shoeRow.id,
        number: round.number,
        bettingClosesAt: closesAt,
        state: json(round),
        cards: [],
      },
      select: { id: true },
    });
    await appendEvents(tx, [
      {
        tableId: table.id,
        roundId: row.id,
        type: "round.opened",
        payload: {
          roundId: row.id,
          shoeId: shoeRow.id,
          number: round.number,
          closesAt: closesAt.toISOString(),
          betsOffered: [...definition.betsOffered(round.number)],
        },
      },
    ]);
    return {
      id: row.id,
      shoeId: shoeRow.id,
      number: round.number,
      phase: "betting",
      closesAt,
      state: round,
      version: 0,
    };
  });
}

export interface BetTotals {
  /** Minor units staked per bet id (seats added up). */
  stakes: Record<string, number>;
  bettors: number;
}

/** The round's open stakes per bet id and how many players placed them (no identities). */
export async function betTotals(tx: Pick<Tx, "$queryRaw">, roundId: string): Promise<BetTotals> {
  const rows = await tx.$queryRaw<{ bet: string | null; stake: bigint; bettors: bigint }[]>`
    SELECT bet, sum(stake) AS stake, count(DISTINCT player_id) AS bettors
    FROM bets WHERE round_id = ${roundId}::uuid AND status <> 'refunded' GROUP BY ROLLUP (bet)`;
  const stakes: Record<string, number> = {};
  let bettors = 0;
  for (const row of rows) {
    if (row.bet === null) bettors = Number(row.bettors);
    else stakes[row.bet] = Number(row.stake);
  }
  return { stakes, bettors };
}

/** Locks the round for its next step; throws FencedError when it is not as this dealer left it. */
async function lockRound(tx: Tx, round: RoundRow, phase: RoundRow["phase"]): Promise<void> {
  const [row] = await tx.$queryRaw<{ phase: string; version: number }[]>`
    SELECT phase, version FROM rounds WHERE id = ${round.id}::uuid FOR UPDATE`;
  if (row?.phase !== phase || row.version !== round.version) throw new FencedError(round.id);
}

/** Betting closes: from now on a bet is refused with BETTING_CLOSED (bets.place locks FOR SHARE). */
export async function closeBetting(db: Db, table: TableRef, round: RoundRow): Promise<RoundRow> {
  return db.$transaction(async (tx) => {
    await lockRound(tx, round, "betting");
    await tx.round.update({
      where: { id: round.id },
      data: { phase: "dealing", closedAt: new Date(), version: { increment: 1 } },
    });
    const totals = await betTotals(tx, round.id);
    await appendEvents(tx, [
      {
        tableId: table.id,
        roundId: round.id,
        type: "round.closed",
        payload: { roundId: round.id, number: round.number, ...totals },
      },
    ]);
    return { ...round, phase: "dealing", version: round.version + 1 };
  });
}

interface OpenBet {
  id: string;
  player_id: string;
  bet: string;
  seat: number | null;
  stake: bigint;
  reserved: bigint;
}

const openBetsOf = (tx: Tx, roundId: string) =>
  tx.$queryRaw<OpenBet[]>`
    SELECT id, player_id, bet, seat, stake, reserved FROM bets
    WHERE round_id = ${roundId}::uuid AND status = 'open' ORDER BY placed_at, id`;

/** Posts transfers that must all go through (a settlement, a cancellation). */
async function postAll(tx: Tx, requests: TransferRequest[]): Promise<Map<string, number>> {
  const wallets = new Map<string, number>();
  if (requests.length === 0) return wallets;
  const outcomes = await transferMany(tx, requests);
  for (const outcome of outcomes) {
    // The stake is in play and the house may go negative: a refusal here is a bug, not a case.
    if (!outcome.ok) throw outcome.error;
    for (const entry of outcome.transfer.entries) {
      if (entry.account.kind === "wallet") wallets.set(entry.account.playerId, entry.balanceAfter);
    }
  }
  return wallets;
}

/** Sets bets' status and return in one statement. */
async function markBets(
  tx: Tx,
  status: "settled" | "refunded",
  bets: readonly { id: string; returned: number }[],
): Promise<void> {
  if (bets.length === 0) return;
  await tx.$executeRaw`
    UPDATE bets SET status = ${status}::bet_status, returned = u.returned, settled_at = now()
    FROM unnest(${bets.map((b) => b.id)}::uuid[], ${bets.map((b) => b.returned)}::bigint[])
      AS u(id, returned)
    WHERE bets.id = u.id AND bets.status = 'open'`;
}

/** One event per player with their own bets' returns and their wallet after it. */
function playerEvents(
  table: TableRef,
  round: RoundRow,
  type: "round.settled" | "round.cancelled",
  bets: readonly (OpenBet & { returned: number })[],
  wallets: Map<string, number>,
): NewEvent[] {
  const byPlayer = new Map<string, (OpenBet & { returned: number })[]>();
  for (const bet of bets)
    byPlayer.set(bet.player_id, [...(byPlayer.get(bet.player_id) ?? []), bet]);
  return [...byPlayer].map(([playerId, own]) => ({
    tableId: table.id,
    roundId: round.id,
    playerId,
    type,
    payload: {
      roundId: round.id,
      number: round.number,
      bets: own.map((bet) => ({
        id: bet.id,
        bet: bet.bet,
        seat: bet.seat,
        amount: Number(bet.stake),
        returned: bet.returned,
      })),
      returned: own.reduce((sum, bet) => sum + bet.returned, 0),
      balance: wallets.get(playerId) ?? null,
    },
  }));
}

/**
 * Reveals the next card. The step that ends the deal also settles every bet through the
 * ledger, adds the round to the shoe's road and, after the shoe's last round, publishes the
 * reveal: the result is never announced without the points having moved.
 */
export async function dealStep(
  db: Db,
  table: TableRef,
  definition: GameDefinition,
  round: RoundRow,
  shoeRow: ShoeRow,
): Promise<{ round: RoundRow; shoe: ShoeRow; settled: boolean; shoeEnded: boolean }> {
  const shoe = shoeFromJson(shoeRow.state);
  const step = definition.dealerStep(shoe, round.state);
  const next = step.round;
  const shoeState = shoeToJson(shoe);
  return db.$transaction(async (tx) => {
    await lockRound(tx, round, "dealing");
    await saveShoe(tx, shoeRow.id, shoeRow.position, shoe);
    const events: NewEvent[] = step.events.map((event) => ({
      tableId: table.id,
      roundId: round.id,
      type: event.type,
      payload: json({
        roundId: round.id,
        number: round.number,
        ...event,
      }) as Prisma.InputJsonObject,
    }));
    let road = shoeRow.road;
    let shoeEnded = false;
    if (next.dealt) {
      const bets = await openBetsOf(tx, round.id);
      const slip: LiveBet[] = bets.map((bet) => ({
        bet: bet.bet,
        amount: Number(bet.stake),
        ...(bet.seat === null ? {} : { seat: bet.seat }),
      }));
      const returns = definition.settle(next, slip);
      const settled = bets.map((bet, index) => ({ ...bet, returned: returns[index]! }));
      const wallets = await postAll(
        tx,
        settled.map((bet) => {
          const reserved = Number(bet.reserved);
          const back = Math.min(bet.returned, reserved);
          return settleRequest({
            playerId: bet.player_id,
            roundId: round.id,
            betId: bet.id,
            returned: back,
            lost: reserved - back,
            won: bet.returned - back,
          });
        }),
      );
      await markBets(tx, "settled", settled);
      road = definition.updateRoad(road, next);
      await tx.shoe.update({ where: { id: shoeRow.id }, data: { road: json(road) } });
      const staked = settled.reduce((sum, bet) => sum + Number(bet.stake), 0);
      const returned = settled.reduce((sum, bet) => sum + bet.returned, 0);
      events.push(
        {
          tableId: table.id,
          roundId: round.id,
          type: "round.settled",
          payload: {
            roundId: round.id,
            number: round.number,
            bets: settled.length,
            bettors: new Set(settled.map((bet) => bet.player_id)).size,
            staked,
            returned,
          },
        },
        ...playerEvents(table, round, "round.settled", settled, wallets),
      );
      if (next.lastRound) {
        events.push(await endShoe(tx, table, shoeRow.id, shoe));
        shoeEnded = true;
      }
    }
    const outcome = next.dealt ? definition.outcome(next) : null;
    await tx.round.update({
      where: { id: round.id },
      data: {
        state: json(next),
        cards: [...next.cards],
        version: { increment: 1 },
        ...(next.dealt ? { phase: "settled", outcome: json(outcome), settledAt: new Date() } : {}),
      },
    });
    await appendEvents(tx, events);
    return {
      round: {
        ...round,
        state: next,
        version: round.version + 1,
        phase: next.dealt ? "settled" : "dealing",
      },
      shoe: { id: shoeRow.id, state: shoeState, position: shoe.position, road },
      settled: next.dealt,
      shoeEnded,
    };
  });
}

/**
 * Cancels a round that never started dealing: every bet refunded, the round's face-down cards
 * (Pok Deng deals them at the open) burned, and the shoe ended if that was its last round.
 */
export async function cancelRound(
  db: Db,
  table: TableRef,
  round: RoundRow,
  shoeRow: ShoeRow,
  reason: string,
): Promise<{ shoeEnded: boolean }> {
  const shoe = shoeFromJson(shoeRow.state);
  burnDealtSince(shoe, round.state.first);
  const last = endRound(shoe);
  return db.$transaction(async (tx) => {
    await lockRound(tx, round, "betting");
    await saveShoe(tx, shoeRow.id, shoeRow.position, shoe);
    const bets = await openBetsOf(tx, round.id);
    const refunds = await refundOpenBets(tx, round.id);
    const wallets = new Map(refunds.map((refund) => [refund.playerId, refund.balance]));
    const refunded = bets.map((bet) => ({ ...bet, returned: Number(bet.reserved) }));
    await tx.round.update({
      where: { id: round.id },
      data: { phase: "cancelled", closedAt: new Date(), version: { increment: 1 } },
    });
    const events: NewEvent[] = [
      {
        tableId: table.id,
        roundId: round.id,
        type: "round.cancelled",
        payload: { roundId: round.id, number: round.number, reason, refunds: refunded.length },
      },
      ...playerEvents(table, round, "round.cancelled", refunded, wallets),
    ];
    if (last) events.push(await endShoe(tx, table, shoeRow.id, shoe));
    await appendEvents(tx, events);
    return { shoeEnded: last };
  });
}
