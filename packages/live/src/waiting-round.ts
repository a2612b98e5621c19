/**
 * A round waiting for a bet (docs/rules/live-tables.md, Round phases): a game that is not dealt
 * to nobody (`dealsWithoutBets: false`, joker blackjack) keeps a round nobody bet on betting,
 * its window started again, rather than drawing cards for a dealer playing alone.
 */
import type { TableGameDefinition } from "@fuda/rules";

import type { RawTx, RoundRow, TableRef } from "./dealer-rows";
import { appendEvents } from "./events";
import { freeLeavingSeats } from "./seats";

/**
 * The round's open bets but bets behind (`behind`: their ids), which play only with a seat's own
 * bet; under the round's lock, no bet comes or goes while it is counted.
 */
async function openBetCount(
  tx: Pick<RawTx, "$queryRaw">,
  roundId: string,
  behind: readonly string[],
): Promise<number> {
  const [row] = await tx.$queryRaw<{ count: bigint }[]>`
    SELECT count(*) AS count FROM bets WHERE round_id = ${roundId}::uuid AND status = 'open'
      AND bet <> ALL(${[...behind]}::text[])`;
  return Number(row?.count ?? 0);
}

/** Bet ids placed behind a seat (joker blackjack's Bet Behind), from the game's catalog. */
export const behindBets = (definition: Pick<TableGameDefinition, "bets">): string[] =>
  definition.bets.filter((spec) => spec.behind === true).map((spec) => spec.id);

/**
 * Whether the round must wait for a bet rather than be dealt: its game says so, and none came (a bet
 * behind a seat is no bet on it: it waits with the round for the seat's own).
 */
export async function waitsForBet(
  tx: Pick<RawTx, "$queryRaw">,
  definition: Pick<TableGameDefinition, "dealsWithoutBets" | "bets"> | null | undefined,
  roundId: string,
): Promise<boolean> {
  if (definition == null || definition.dealsWithoutBets) return false;
  return (await openBetCount(tx, roundId, behindBets(definition))) === 0;
}

/**
 * Whether a betting round waits for a bet now (the first render's view of it): its window was
 * started again for want of one (`round.opened` with `reopened: true`) and no bet is open since
 * but bets behind a seat (`behind`: their ids, `behindBets`). One statement on the round's own
 * events and bets, both indexed by round.
 */
export async function isWaitingForBet(
  tx: Pick<RawTx, "$queryRaw">,
  roundId: string,
  behind: readonly string[] = [],
): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ waiting: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM table_events WHERE round_id = ${roundId}::uuid
                     AND type = 'round.opened' AND payload @> '{"reopened": true}')
       AND NOT EXISTS (SELECT 1 FROM bets WHERE round_id = ${roundId}::uuid AND status = 'open'
                         AND bet <> ALL(${[...behind]}::text[]))
       AS waiting`;
  return row?.waiting === true;
}

/**
 * Starts the round's betting window again until `closesAt`, in the caller's transaction under the
 * round's lock, announced as `round.opened` with `reopened: true` (the same payload as the open,
 * so a client renders it the same way). The version moves on: a step read before is fenced.
 */
export async function reopenBetting(
  tx: RawTx,
  table: TableRef,
  round: RoundRow,
  definition: Pick<TableGameDefinition, "betsOffered">,
  closesAt: Date,
): Promise<RoundRow> {
  await tx.$executeRaw`
    UPDATE rounds SET betting_closes_at = ${closesAt}::timestamptz, version = version + 1
    WHERE id = ${round.id}::uuid`;
  await appendEvents(tx, [
    {
      tableId: table.id,
      roundId: round.id,
      type: "round.opened",
      payload: {
        roundId: round.id,
        shoeId: round.shoeId,
        number: round.number,
        closesAt: closesAt.toISOString(),
        betsOffered: [...definition.betsOffered(round.number)],
        reopened: true,
      },
    },
    // A seat asked to leave holds no bet now (there is none): it is free at once.
    ...(await freeLeavingSeats(tx, table.id)),
  ]);
  return { ...round, closesAt, version: round.version + 1 };
}
