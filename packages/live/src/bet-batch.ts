/**
 * One group commit of the bet desk: many callers' slips judged and posted in one transaction.
 * Each caller gets its own outcome; one caller's refusal never fails another's.
 *
 * Round trips per batch (besides Prisma's BEGIN and COMMIT): 4 —
 *   1. advisory locks (rounds, request ids) + rounds FOR SHARE with their tables (lockRounds);
 *   2. wallets FOR UPDATE, the rounds' open stakes, the callers' own bets, earlier placements;
 *   3. every accepted slip's reservation (one transferMany);
 *   4. every accepted bet (one INSERT … unnest).
 * A batch with nothing to post stops after 2.
 */
import { randomUUID } from "node:crypto";

import type { Outcome } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { reserveRequest, transferMany } from "@fuda/ledger";
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
import { lockRounds, requestLockKey, roundLockKey } from "./round-locks";
import type { Tx } from "./round-locks";
import type { Placement, PlaceBetsInput, PlacedBet } from "./services";

export type SlipOutcome = Outcome<Placement>;

/** Checks the input again (the API did with the same schema): callers inside the process too. */
function checkInput(input: PlaceBetsInput): FudaError | null {
  if (typeof input.playerId !== "string" || input.playerId === "") {
    return new FudaError("BAD_INPUT", "playerId: must be a non-empty string", {
      field: "playerId",
      rule: "required",
    });
  }
  const parsed = placeBetsSchema.safeParse({
    roundId: input.roundId,
    bets: input.bets,
    requestId: input.requestId,
  });
  if (!parsed.success) return badSlipInput(parsed.error);
  return isRoundId(input.roundId) ? null : roundNotFound(input.roundId);
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
  wallets: [string, number][];
  /** [table id, player id, seat]: the callers' seats at the rounds' tables. */
  seats: [string, string, number][];
  totals: [string, string, number][];
  own: [string, string, string, number | null, number][];
  placed: StoredBet[];
}

/** Round trip 2 (jsonb, so numbers arrive as numbers): everything the slips are judged against, read under the batch's locks. */
async function readState(
  tx: Tx,
  roundIds: string[],
  playerIds: string[],
  requests: { playerId: string; requestId: string }[],
): Promise<BatchState> {
  const [row] = await tx.$queryRaw<[BatchState]>`
    WITH wallets AS (
      SELECT owner, balance FROM ledger_accounts
      WHERE kind = 'wallet' AND round = '' AND owner = ANY(${playerIds}::text[])
      ORDER BY id FOR UPDATE
    ), open_bets AS (
      SELECT round_id, player_id, bet, seat, stake FROM bets
      WHERE round_id = ANY(${roundIds}::uuid[]) AND status = 'open'
    )
    SELECT
      (SELECT coalesce(jsonb_agg(jsonb_build_array(owner, balance)), '[]') FROM wallets) AS wallets,
      (SELECT coalesce(jsonb_agg(jsonb_build_array(s.table_id, s.player_id, s.seat)), '[]')
        FROM seats s WHERE s.player_id = ANY(${playerIds}::text[])
          AND s.table_id IN (SELECT table_id FROM rounds WHERE id = ANY(${roundIds}::uuid[]))) AS seats,
      (SELECT coalesce(jsonb_agg(jsonb_build_array(round_id, bet, total)), '[]') FROM (
        SELECT round_id, bet, sum(stake) AS total FROM open_bets GROUP BY round_id, bet) s) AS totals,
      (SELECT coalesce(jsonb_agg(jsonb_build_array(round_id, player_id, bet, seat, total)), '[]') FROM (
        SELECT round_id, player_id, bet, seat, sum(stake) AS total FROM open_bets
        WHERE player_id = ANY(${playerIds}::text[]) GROUP BY round_id, player_id, bet, seat) s) AS own,
      (SELECT coalesce(jsonb_agg(to_jsonb(b) ORDER BY b.line), '[]') FROM (
        SELECT id, round_id, slip_id, player_id, request_id, line, bet, seat, stake, reserved
        FROM bets JOIN unnest(${requests.map((r) => r.playerId)}::text[],
                              ${requests.map((r) => r.requestId)}::text[]) AS q(p, r)
          ON player_id = q.p AND request_id = q.r) b) AS placed`;
  return row;
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

interface Accepted {
  index: number;
  input: PlaceBetsInput;
  slipId: string;
  bets: PlacedBet[];
  amount: number;
}

/** Judges and posts `inputs` inside `tx`; one outcome per input, in order. */
export async function placeSlips(
  tx: Tx,
  inputs: readonly PlaceBetsInput[],
): Promise<SlipOutcome[]> {
  const outcomes: (SlipOutcome | undefined)[] = inputs.map((input) => {
    const error = checkInput(input);
    return error === null ? undefined : { ok: false, error };
  });
  const live = inputs.flatMap((input, index) => (outcomes[index] ? [] : [{ input, index }]));
  if (live.length === 0) return outcomes as SlipOutcome[];

  const roundIds = [...new Set(live.map(({ input }) => input.roundId))];
  const playerIds = [...new Set(live.map(({ input }) => input.playerId))];
  const rounds = await lockRounds(tx, roundIds, [
    ...roundIds.map(roundLockKey),
    ...live.map(({ input }) => requestLockKey(input.playerId, input.requestId)),
  ]);
  const state = await readState(
    tx,
    roundIds,
    playerIds,
    live.map(({ input }) => input),
  );

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
  const seatsHeld = new Map<string, Set<number>>();
  for (const [tableId, playerId, seat] of state.seats) {
    const key = requestKey(tableId, playerId);
    seatsHeld.set(key, (seatsHeld.get(key) ?? new Set()).add(seat));
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
  for (const { input, index } of live) {
    const key = requestKey(input.playerId, input.requestId);
    try {
      const earlier = placed.get(key);
      if (earlier !== undefined) {
        outcomes[index] = {
          ok: true,
          value: {
            roundId: earlier[0]!.round_id,
            slipId: earlier[0]!.slip_id,
            bets: earlier.map(toPlacedBet),
            replayed: true,
            balance: wallets.get(input.playerId) ?? 0,
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
      const seated = seatRefusal(
        round,
        input.bets,
        seatsHeld.get(requestKey(round.tableId, input.playerId)) ?? new Set(),
      );
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

  const posted = await reserve(tx, accepted);
  for (const { slip, outcome } of posted) outcomes[slip.index] = outcome;
  await insertBets(
    tx,
    posted.flatMap(({ slip, outcome }) => (outcome.ok ? [slip] : [])),
  );
  for (const [index, first] of sameAs) {
    const outcome = outcomes[first]!;
    outcomes[index] = outcome.ok
      ? { ok: true, value: { ...outcome.value, replayed: true } }
      : outcome;
  }
  return outcomes as SlipOutcome[];
}

/** Round trip 3: one reservation per slip, all in one transferMany. */
async function reserve(
  tx: Tx,
  accepted: readonly Accepted[],
): Promise<{ slip: Accepted; outcome: SlipOutcome }[]> {
  if (accepted.length === 0) return [];
  const results = await transferMany(
    tx,
    accepted.map(({ input, slipId, amount }) =>
      reserveRequest({ playerId: input.playerId, roundId: input.roundId, betId: slipId, amount }),
    ),
  );
  return accepted.map((slip, i) => {
    const result = results[i]!;
    // The wallets are locked since round trip 2 and the slips were checked against them, so a
    // refusal here is not expected; it still stays that caller's alone.
    if (!result.ok) return { slip, outcome: { ok: false, error: result.error } };
    const wallet = result.transfer.entries.find((entry) => entry.account.kind === "wallet");
    return {
      slip,
      outcome: {
        ok: true,
        value: {
          roundId: slip.input.roundId,
          slipId: slip.slipId,
          bets: slip.bets,
          replayed: false,
          balance: wallet?.balanceAfter ?? 0,
        },
      },
    };
  });
}

/** Round trip 4: every bet of every reserved slip in one statement. */
async function insertBets(tx: Tx, slips: readonly Accepted[]): Promise<void> {
  const rows = slips.flatMap((slip) => slip.bets.map((bet, line) => ({ slip, bet, line })));
  if (rows.length === 0) return;
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
  await tx.$executeRaw`
    INSERT INTO bets (id, round_id, player_id, slip_id, request_id, line, bet, seat, stake, reserved)
    SELECT * FROM unnest(
      ${column((r) => r.bet.id)}::uuid[], ${column((r) => r.slip.input.roundId)}::uuid[],
      ${column((r) => r.slip.input.playerId)}::text[], ${column((r) => r.slip.slipId)}::uuid[],
      ${column((r) => r.slip.input.requestId)}::text[], ${column((r) => r.line)}::int[],
      ${column((r) => r.bet.bet)}::text[], ${column((r) => r.bet.seat)}::int[],
      ${column((r) => r.bet.amount)}::bigint[], ${column((r) => r.bet.reserved)}::bigint[])`;
}
