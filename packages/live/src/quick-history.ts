/**
 * The quick game's dealt hands as rounds of the player's history (docs/rules/quick-baccarat.md,
 * Sessions): `kind: "quick"`, settled in quick points, never in the wallet.
 */
import { demoTables } from "@fuda/db";
import type { baccarat } from "@fuda/rules";

import { publicGameName } from "./games";
import type { HistoryQuery, RecalledRound } from "./history";
import { quickCards } from "./quick-view";

/** The demo table the quick game is listed as (`quick-baccarat`). */
const QUICK_TABLE = (() => {
  const table = demoTables.find((demo) => demo.game === "QUICK_BACCARAT")!;
  return {
    slug: table.slug,
    name: table.name,
    game: publicGameName(table.game),
    variant: table.variant,
  };
})();

interface HandRow {
  id: string;
  number: number;
  shoe_id: string;
  shoe_round: number;
  outcome: baccarat.RoundOutcome;
  bets: { bet: string; stake: number; returned: number }[];
  points_before: bigint;
  points_after: bigint;
  dealt_at: Date;
}

/**
 * A hand is dealt and settled at once: opened, closed and settled at its deal. Its spots are
 * its bets (stake and return in quick points, the stake being all the spot held back); the
 * wallet's balances are null, as for a round that moved nothing in the wallet.
 */
function toRound(row: HandRow): RecalledRound {
  const at = row.dealt_at.toISOString();
  return {
    kind: "quick",
    roundId: row.id,
    number: row.shoe_round,
    shoeId: row.shoe_id,
    phase: "settled",
    table: QUICK_TABLE,
    openedAt: at,
    closedAt: at,
    settledAt: at,
    cards: quickCards(row.outcome),
    outcome: row.outcome,
    bets: row.bets.map(({ bet, stake, returned }) => ({
      betId: `${row.id}/${bet}`,
      bet,
      seat: null,
      stake,
      reserved: stake,
      status: "settled",
      returned,
      placedAt: at,
    })),
    balanceBefore: null,
    balanceAfter: null,
    quick: {
      hand: row.number,
      pointsBefore: Number(row.points_before),
      pointsAfter: Number(row.points_after),
    },
    voided: null,
  };
}

/** The player's quick hands before `after` (all when null), newest first, at most `limit`. */
export async function quickHandsOf({
  db,
  playerId,
  after,
  limit,
}: HistoryQuery): Promise<RecalledRound[]> {
  const rows = await db.$queryRaw<HandRow[]>`
    SELECT id::text AS id, number, shoe_id::text AS shoe_id, shoe_round, outcome, bets,
           points_before, points_after, dealt_at
    FROM quick_hands
    WHERE player_id = ${playerId}
      AND (${after?.at ?? null}::timestamptz IS NULL
           OR (dealt_at, id) < (${after?.at ?? null}::timestamptz, ${after?.id ?? null}::uuid))
    ORDER BY dealt_at DESC, id DESC
    LIMIT ${limit}`;
  return rows.map(toRound);
}
