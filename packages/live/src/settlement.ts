/**
 * Settlement: each bet's return from the game's rules, moved through the ledger
 * (`settle/<round>/<bet>`), the bets marked, and what each player gets told.
 */
import { Prisma } from "@fuda/db";
import type { TransferOutcome } from "@fuda/ledger";
import { prepareTransfers, settleRequest } from "@fuda/ledger";
import type { TableGameDefinition, LiveBet, LiveRound } from "@fuda/rules";

import { betResults } from "./bet-results";
import type { RawTx, RoundRow, TableRef } from "./dealer-rows";
import { json } from "./dealer-rows";
import type { NewEvent } from "./events";
import { webhookEventCtes } from "./webhook-outbox";

export interface BetTotals {
  /** Minor units staked per bet id (seats added up). */
  stakes: Record<string, number>;
  bettors: number;
}

interface TotalsRow {
  bet: string | null;
  stake: bigint | string;
  bettors: bigint | string;
}

/** The statement that reads a round's open stakes per bet id (`betTotals`). */
const betTotalsSql = (roundId: string): Prisma.Sql => Prisma.sql`
  SELECT bet, sum(stake) AS stake, count(DISTINCT player_id) AS bettors
  FROM bets WHERE round_id = ${roundId}::uuid AND status <> 'refunded' GROUP BY ROLLUP (bet)`;

function totalsOf(rows: readonly TotalsRow[]): BetTotals {
  const stakes: Record<string, number> = {};
  let bettors = 0;
  for (const row of rows) {
    if (row.bet === null) bettors = Number(row.bettors);
    else stakes[row.bet] = Number(row.stake);
  }
  return { stakes, bettors };
}

/** The round's open stakes per bet id and how many players placed them (no identities). */
export async function betTotals(tx: Pick<RawTx, "$queryRaw">, roundId: string): Promise<BetTotals> {
  return totalsOf(await tx.$queryRaw<TotalsRow[]>(betTotalsSql(roundId)));
}

/** `betTotals` as a jsonb expression, `{ stakes, bettors }`, for a payload built in SQL. */
export const betTotalsJsonSql = (roundId: string): Prisma.Sql => Prisma.sql`(
  SELECT jsonb_build_object(
    'stakes', coalesce(jsonb_object_agg(bet, stake) FILTER (WHERE bet IS NOT NULL), '{}'),
    'bettors', coalesce(max(bettors) FILTER (WHERE bet IS NULL), 0))
  FROM (${betTotalsSql(roundId)}) AS totals)`;

export interface OpenBet {
  id: string;
  player_id: string;
  bet: string;
  seat: number | null;
  /** int8: bigint through Prisma, text through node-postgres (RawTx); read with `Number()`. */
  stake: bigint | string;
  reserved: bigint | string;
}

export const openBetsSql = (roundId: string): Prisma.Sql => Prisma.sql`
  SELECT id, player_id, bet, seat, stake, reserved FROM bets
  WHERE round_id = ${roundId}::uuid AND status = 'open' ORDER BY placed_at, id`;

export const openBetsOf = (tx: RawTx, roundId: string) =>
  tx.$queryRaw<OpenBet[]>(openBetsSql(roundId));

/** The wallets after a settlement's transfers, which must all go through. */
function walletsAfter(outcomes: readonly TransferOutcome[]): Map<string, number> {
  const wallets = new Map<string, number>();
  for (const outcome of outcomes) {
    // The stake is in play and the house may go negative: a refusal here is a bug, not a case.
    if (!outcome.ok) throw outcome.error;
    for (const entry of outcome.transfer.entries) {
      if (entry.account.kind === "wallet") wallets.set(entry.account.playerId, entry.balanceAfter);
    }
  }
  return wallets;
}

/** The statement that marks bets settled with their returns. */
const settleBetsSql = (bets: readonly { id: string; returned: number }[]): Prisma.Sql => Prisma.sql`
  UPDATE bets SET status = 'settled', returned = u.returned, settled_at = now()
  FROM unnest(${bets.map((b) => b.id)}::uuid[], ${bets.map((b) => b.returned)}::bigint[])
    AS u(id, returned)
  WHERE bets.id = u.id AND bets.status = 'open'`;

/** One event per player with their own bets' returns and their wallet after it. */
export function playerEvents(
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

export type SettledBet = OpenBet & { returned: number };

/**
 * A dealt round's settlement, to be written in one statement of the deal step: each open bet's
 * return from the rules, and the CTEs that post it through the ledger (`posted`: its answer),
 * mark the bets and put the partners' `round.settled` webhook in the outbox.
 */
export interface Settlement {
  settled: SettledBet[];
  ctes: Prisma.Sql;
  /**
   * An expression over `posted` that fails the statement (SQLSTATE FD003) unless the ledger took
   * every transfer: a statement committed without its answer being read must not settle bets
   * whose points did not move.
   */
  posted: Prisma.Sql;
  /** The ledger's answer (`posted.results`) read: the wallets after it. */
  wallets: (results: readonly unknown[] | null) => Map<string, number>;
}

export function settlementOf(
  table: TableRef,
  round: RoundRow,
  dealt: LiveRound,
  definition: TableGameDefinition,
  bets: readonly OpenBet[],
): Settlement {
  const slip: LiveBet[] = bets.map((bet) => ({
    bet: bet.bet,
    amount: Number(bet.stake),
    ...(bet.seat === null ? {} : { seat: bet.seat }),
  }));
  const returns = definition.settle(dealt, slip);
  const settled = bets.map((bet, index) => ({ ...bet, returned: returns[index]! }));
  const { call, finish } = prepareTransfers(
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
  // The round's result as the partners' feed publishes it (GET /v1/rounds/{id}).
  const webhook = webhookEventCtes(table, "round.settled", {
    roundId: round.id,
    shoeId: round.shoeId,
    number: round.number,
    outcome: json(definition.outcome(dealt)),
    bets: betResults(definition, dealt, round.number).map((result) => ({ ...result })),
    settledAt: new Date().toISOString(),
  });
  const ctes = Prisma.sql`
    posted AS MATERIALIZED (SELECT ${call ?? Prisma.sql`NULL::jsonb`} AS results),
    ${settled.length === 0 ? Prisma.empty : Prisma.sql`marked AS (${settleBetsSql(settled)}),`}
    ${webhook}`;
  const posted = Prisma.sql`(
    SELECT step_holds(coalesce(bool_and(x ->> 'status' IN ('posted', 'replayed')), true),
                      'every transfer of the settlement posted')
    FROM posted, jsonb_array_elements(coalesce(posted.results, '[]'::jsonb)) AS x)`;
  return { settled, ctes, posted, wallets: (results) => walletsAfter(finish(results)) };
}

/** The public and the per-player `round.settled` events of a settlement, with the wallets after. */
export function settledEvents(
  table: TableRef,
  round: RoundRow,
  settled: readonly SettledBet[],
  wallets: Map<string, number>,
): NewEvent[] {
  return [
    {
      tableId: table.id,
      roundId: round.id,
      type: "round.settled",
      payload: {
        roundId: round.id,
        number: round.number,
        bets: settled.length,
        bettors: new Set(settled.map((bet) => bet.player_id)).size,
        staked: settled.reduce((sum, bet) => sum + Number(bet.stake), 0),
        returned: settled.reduce((sum, bet) => sum + bet.returned, 0),
      },
    },
    ...playerEvents(table, round, "round.settled", settled, wallets),
  ];
}
