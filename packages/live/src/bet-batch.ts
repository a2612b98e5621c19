/**
 * One group commit of the bet desk: many callers' slips judged and posted in one transaction.
 * Each caller gets its own outcome; one caller's refusal never fails another's.
 *
 * Statements per batch: 2, in two messages (statement 1 with BEGIN, statement 2 with COMMIT) —
 *   1. `bets_batch_state`: advisory locks (rounds, request ids), the rounds FOR SHARE with their
 *      tables, the wallets FOR UPDATE, the rounds' stakes per bet id (`round_stakes`), the
 *      callers' own stakes per bet id and seat (`round_player_stakes`), the tables' seats, earlier
 *      placements of the same request ids;
 *   2. every accepted slip's reservation (one `ledger_post`) and every bet of the slips it
 *      posted (one INSERT … unnest), together.
 * A batch with nothing to post stops after 1.
 */
import { randomUUID } from "node:crypto";

import type { Game, Outcome, SqlTransactionClient } from "@fuda/db";
import { Prisma } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { prepareTransfers, reserveRequest } from "@fuda/ledger";
import type { LiveBet } from "@fuda/rules";

import {
  badSlipInput,
  bettingClosed,
  closedBecause,
  insufficientFunds,
  isRoundId,
  judgeSlip,
  placeBetsSchema,
  roundNotFound,
  seatRefusal,
} from "./bet-slip";
import { requestLockKey, roundLockKey, sortedKeys, toRoundForBets } from "./round-locks";
import type { RoundRow } from "./round-locks";
import type { RoundForBets } from "./bet-slip";
import type { Placement, PlaceBetsInput, PlacedBet } from "./services";

/** A slip's placement, with its round's table and game for the desk's metrics and log lines. */
export interface PlacedSlip {
  placement: Placement;
  /** Unknown only for a replay whose first placement was on a round not in this batch. */
  table: { id: string; game: Game } | undefined;
}

export type SlipOutcome = Outcome<PlacedSlip>;

/**
 * A slip checked before it joins a batch, with its request's lock key: work that needs no
 * lock is done outside the batch, whose rounds stay locked from its first statement to its
 * COMMIT.
 */
export interface CheckedSlip {
  input: PlaceBetsInput;
  requestLock: bigint;
}

/**
 * Checks the input again (the API did with the same schema: callers inside the process too) and
 * keys its request's lock; throws the FudaError that refuses it.
 */
export function checkSlip(input: PlaceBetsInput): CheckedSlip {
  if (typeof input.playerId !== "string" || input.playerId === "") {
    throw new FudaError("BAD_INPUT", "playerId: must be a non-empty string", {
      field: "playerId",
      rule: "REQUIRED",
    });
  }
  const parsed = placeBetsSchema.safeParse({
    roundId: input.roundId,
    bets: input.bets,
    requestId: input.requestId,
  });
  if (!parsed.success) throw badSlipInput(parsed.error);
  if (!isRoundId(input.roundId)) throw roundNotFound(input.roundId);
  return { input, requestLock: requestLockKey(input.playerId, input.requestId) };
}

interface StoredBet {
  id: string;
  round_id: string;
  slip_id: string;
  player_id: string;
  request_id: string;
  line: number;
  bet: string;
  seat: number | null;
  stake: number;
  reserved: number;
}

interface BatchState {
  rounds: RoundRow[];
  wallets: [string, number][];
  /** [table id, player id, seat]: every seat taken at the rounds' tables (Bet Behind backs others'). */
  seats: [string, string, number][];
  totals: [string, string, number][];
  own: [string, string, string, number | null, number][];
  placed: StoredBet[];
}

/**
 * Statement 1 (jsonb, so numbers arrive as numbers): the locks, and everything the slips are
 * judged against. Sent with the batch's BEGIN (`sqlTransaction`'s `first`): it needs no answer
 * before it.
 */
export function batchStateSql(slips: readonly CheckedSlip[]): Prisma.Sql {
  const inputs = slips.map(({ input }) => input);
  const roundIds = [...new Set(inputs.map((input) => input.roundId))];
  const lockKeys = [...roundIds.map(roundLockKey), ...slips.map(({ requestLock }) => requestLock)];
  return Prisma.sql`
    SELECT bets_batch_state(${roundIds}::uuid[], ${sortedKeys(lockKeys)}::text[]::bigint[],
      ${[...new Set(inputs.map((input) => input.playerId))]}::text[],
      ${inputs.map((r) => r.playerId)}::text[], ${inputs.map((r) => r.requestId)}::text[]) AS state`;
}

/** Statement 1's answer: sent with BEGIN, or now. */
async function lockAndRead(
  tx: SqlTransactionClient,
  slips: readonly CheckedSlip[],
): Promise<BatchState> {
  const [row] = (
    tx.first === undefined ? await tx.$queryRaw(batchStateSql(slips)) : (await tx.first())[0]
  ) as [{ state: BatchState }];
  return row.state;
}

/** The stakes of one round as the batch goes: the table's per bet id, and each caller's own. */
interface RoundStakes {
  totals: Map<string, number>;
  own: Map<string, LiveBet[]>;
}

const requestKey = (playerId: string, requestId: string) => `${playerId}\u0000${requestId}`;

const toPlacedBet = (bet: StoredBet): PlacedBet => ({
  id: bet.id,
  bet: bet.bet,
  seat: bet.seat,
  amount: bet.stake,
  reserved: bet.reserved,
});

const tableOf = (round: RoundForBets | undefined): PlacedSlip["table"] =>
  round === undefined ? undefined : { id: round.tableId, game: round.game };

interface Accepted {
  index: number;
  input: PlaceBetsInput;
  table: PlacedSlip["table"];
  slipId: string;
  bets: PlacedBet[];
  amount: number;
}

/** Judges and posts `slips` inside `tx`; one outcome per slip, in order. */
export async function placeSlips(
  tx: SqlTransactionClient,
  slips: readonly CheckedSlip[],
): Promise<SlipOutcome[]> {
  if (slips.length === 0) return [];
  const outcomes: (SlipOutcome | undefined)[] = slips.map(() => undefined);
  const inputs = slips.map(({ input }) => input);

  const roundIds = [...new Set(inputs.map((input) => input.roundId))];
  const state = await lockAndRead(tx, slips);
  const rounds = new Map(state.rounds.map((row) => [row.id, toRoundForBets(row)]));

  const wallets = new Map(state.wallets.map(([owner, balance]) => [owner, balance]));
  const stakes = new Map<string, RoundStakes>(
    roundIds.map((id) => [id, { totals: new Map(), own: new Map() }]),
  );
  for (const [roundId, bet, total] of state.totals) {
    stakes.get(roundId)!.totals.set(bet, total);
  }
  const ownOf = (round: RoundStakes, playerId: string): LiveBet[] => {
    let own = round.own.get(playerId);
    if (own === undefined) round.own.set(playerId, (own = []));
    return own;
  };
  for (const [roundId, playerId, bet, seat, total] of state.own) {
    ownOf(stakes.get(roundId)!, playerId).push({
      bet,
      amount: total,
      ...(seat === null ? {} : { seat }),
    });
  }
  /** Every seat taken at the rounds' tables, and who sits in it. */
  const seatsTaken = new Map<string, Map<number, string>>();
  for (const [tableId, playerId, seat] of state.seats) {
    const seats = seatsTaken.get(tableId) ?? new Map<number, string>();
    seatsTaken.set(tableId, seats.set(seat, playerId));
  }
  const placed = new Map<string, StoredBet[]>();
  for (const bet of state.placed) {
    const key = requestKey(bet.player_id, bet.request_id);
    placed.set(key, [...(placed.get(key) ?? []), bet]);
  }

  const accepted: Accepted[] = [];
  /** The same request twice in this batch: the later index answers as the earlier one does. */
  const sameAs = new Map<number, number>();
  const firstInBatch = new Map<string, number>();
  for (const [index, input] of inputs.entries()) {
    const key = requestKey(input.playerId, input.requestId);
    try {
      const earlier = placed.get(key);
      if (earlier !== undefined) {
        outcomes[index] = {
          ok: true,
          value: {
            placement: {
              roundId: earlier[0]!.round_id,
              slipId: earlier[0]!.slip_id,
              bets: earlier.map(toPlacedBet),
              replayed: true,
              balance: wallets.get(input.playerId) ?? 0,
            },
            table: tableOf(rounds.get(earlier[0]!.round_id)),
          },
        };
        continue;
      }
      const first = firstInBatch.get(key);
      if (first !== undefined) {
        sameAs.set(index, first);
        continue;
      }
      const round = rounds.get(input.roundId);
      if (round === undefined) throw roundNotFound(input.roundId);
      const closed = closedBecause(round);
      if (closed !== null) throw bettingClosed(input.roundId, closed);
      const seated = seatRefusal(round, input.bets, {
        playerId: input.playerId,
        seats: seatsTaken.get(round.tableId) ?? new Map(),
      });
      if (seated !== null) throw seated;
      const roundStakes = stakes.get(input.roundId)!;
      const own = ownOf(roundStakes, input.playerId);
      const tableStakes: Record<string, number> = Object.fromEntries(roundStakes.totals);
      for (const bet of own) tableStakes[bet.bet] = (tableStakes[bet.bet] ?? 0) - bet.amount;
      const bets = input.bets.map(({ bet, seat, amount }) =>
        seat === undefined ? { bet, amount } : { bet, seat, amount },
      );
      const { reserved } = judgeSlip({ round, bets, own, tableStakes });
      const amount = reserved.reduce((sum, part) => sum + part, 0);
      const balance = wallets.get(input.playerId) ?? 0;
      if (amount > balance) throw insufficientFunds(amount, balance);

      wallets.set(input.playerId, balance - amount);
      for (const bet of bets) {
        roundStakes.totals.set(bet.bet, (roundStakes.totals.get(bet.bet) ?? 0) + bet.amount);
        own.push(bet);
      }
      firstInBatch.set(key, index);
      accepted.push({
        index,
        input,
        table: tableOf(round),
        slipId: randomUUID(),
        amount,
        bets: bets.map((bet, line) => ({
          id: randomUUID(),
          bet: bet.bet,
          seat: bet.seat ?? null,
          amount: bet.amount,
          reserved: reserved[line]!,
        })),
      });
    } catch (error) {
      // Whatever one slip throws (a refusal, or limits the rules cannot read) is that caller's.
      outcomes[index] = { ok: false, error };
    }
  }

  for (const { slip, outcome } of await post(tx, accepted)) outcomes[slip.index] = outcome;
  for (const [index, first] of sameAs) {
    const outcome = outcomes[first]!;
    outcomes[index] = outcome.ok
      ? {
          ok: true,
          value: { ...outcome.value, placement: { ...outcome.value.placement, replayed: true } },
        }
      : outcome;
  }
  return outcomes as SlipOutcome[];
}

/**
 * Statement 2: one reservation per slip (one `ledger_post`), and the bets of every slip it
 * posted, inserted by the same statement (a slip the ledger refused inserts none).
 */
async function post(
  tx: SqlTransactionClient,
  accepted: readonly Accepted[],
): Promise<{ slip: Accepted; outcome: SlipOutcome }[]> {
  if (accepted.length === 0) return [];
  const { call, positions, finish } = prepareTransfers(
    accepted.map(({ input, slipId, amount }) =>
      reserveRequest({ playerId: input.playerId, roundId: input.roundId, betId: slipId, amount }),
    ),
  );
  let results: unknown[] | null = null;
  if (call !== null) {
    const rows = accepted.flatMap((slip, index) =>
      positions[index] === null
        ? []
        : slip.bets.map((bet, line) => ({ slip, bet, line, position: positions[index]! })),
    );
    const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
    // The batch's last statement, with its COMMIT in the same message.
    const [[row]] = (await tx.commitWith([
      Prisma.sql`
      WITH posted AS MATERIALIZED (SELECT ${call} AS results),
      inserted AS (
        INSERT INTO bets (id, round_id, player_id, slip_id, request_id, line, bet, seat, stake, reserved)
        SELECT b.id, b.round_id, b.player_id, b.slip_id, b.request_id, b.line, b.bet, b.seat,
               b.stake, b.reserved
        FROM posted, unnest(
          ${column((r) => r.bet.id)}::uuid[], ${column((r) => r.slip.input.roundId)}::uuid[],
          ${column((r) => r.slip.input.playerId)}::text[], ${column((r) => r.slip.slipId)}::uuid[],
          ${column((r) => r.slip.input.requestId)}::text[], ${column((r) => r.line)}::int[],
          ${column((r) => r.bet.bet)}::text[], ${column((r) => r.bet.seat)}::int[],
          ${column((r) => r.bet.amount)}::bigint[], ${column((r) => r.bet.reserved)}::bigint[],
          ${column((r) => r.position)}::int[])
          AS b(id, round_id, player_id, slip_id, request_id, line, bet, seat, stake, reserved, position)
        WHERE posted.results -> b.position ->> 'status' IN ('posted', 'replayed'))
      SELECT results FROM posted`,
    ])) as [[{ results: unknown[] }]];
    results = row.results;
  }
  const transfers = finish(results);
  return accepted.map((slip, i) => {
    const result = transfers[i]!;
    // The wallets are locked since statement 1 and the slips were checked against them, so a
    // refusal here is not expected; it still stays that caller's alone.
    if (!result.ok) return { slip, outcome: { ok: false, error: result.error } };
    const wallet = result.transfer.entries.find((entry) => entry.account.kind === "wallet");
    return {
      slip,
      outcome: {
        ok: true,
        value: {
          placement: {
            roundId: slip.input.roundId,
            slipId: slip.slipId,
            bets: slip.bets,
            replayed: false,
            balance: wallet?.balanceAfter ?? 0,
          },
          table: slip.table,
        },
      },
    };
  });
}
