/**
 * The operators' live monitor (`admin.monitor.tables`): every table's round in play with what it
 * holds — stakes per bet id, who is betting and seated, and baccarat's Player/Banker exposure
 * against its cap. The portal reads it again whenever a table's event stream moves.
 */
import type { Db } from "@fuda/db";

import { listTables } from "./tables";
import type { TableView } from "./tables.types";

export interface MonitorTable {
  slug: string;
  name: string;
  game: TableView["game"];
  status: TableView["status"];
  round: {
    id: string;
    number: number;
    phase: string;
    closesAt: string;
    /** When the decision the round waits for times out (joker blackjack). */
    actsBy: string | null;
  } | null;
  /** Minor units staked per bet id in the round (refunded bets left out), by bet id. */
  stakes: { bet: string; total: number; bets: number }[];
  /** Players with a bet in the round. */
  bettors: number;
  /** Players seated at the table (seated games). */
  seated: number;
  /**
   * Baccarat: how far the Player and Banker stakes are apart, against the cap (the larger side's
   * maximum, docs/rules/baccarat.md, The exposure cap). Null for the other games.
   */
  exposure: { amount: number; side: "player" | "banker"; cap: number } | null;
}

export async function monitorTables({ db }: { db: Db }): Promise<MonitorTable[]> {
  const [tables, rounds, stakes, seats] = await Promise.all([
    listTables({ db }),
    // Per table: the round in play, else the latest.
    db.$queryRaw<
      {
        table_id: string;
        id: string;
        number: number;
        phase: string;
        betting_closes_at: Date;
        acts_by: Date | null;
      }[]
    >`
      SELECT DISTINCT ON (table_id) table_id::text AS table_id, id::text AS id, number, phase::text AS phase,
             betting_closes_at, acts_by
        FROM rounds ORDER BY table_id, (phase IN ('betting', 'dealing')) DESC, opened_at DESC`,
    db.$queryRaw<{ table_id: string; bet: string; total: bigint; bets: bigint }[]>`
      WITH current AS (
        SELECT DISTINCT ON (table_id) table_id, id FROM rounds
         ORDER BY table_id, (phase IN ('betting', 'dealing')) DESC, opened_at DESC)
      SELECT c.table_id::text AS table_id, b.bet, sum(b.stake)::bigint AS total, count(*) AS bets
        FROM current c JOIN bets b ON b.round_id = c.id
       WHERE b.status <> 'refunded'
       GROUP BY c.table_id, b.bet
       ORDER BY c.table_id, b.bet`,
    db.seat.groupBy({ by: ["tableId"], _count: { _all: true } }),
  ]);
  const bettorsOf = await db.$queryRaw<{ table_id: string; bettors: bigint }[]>`
    WITH current AS (
      SELECT DISTINCT ON (table_id) table_id, id FROM rounds
       ORDER BY table_id, (phase IN ('betting', 'dealing')) DESC, opened_at DESC)
    SELECT c.table_id::text AS table_id, count(DISTINCT b.player_id) AS bettors
      FROM current c JOIN bets b ON b.round_id = c.id
     WHERE b.status <> 'refunded'
     GROUP BY c.table_id`;
  return tables.map((table) => {
    const round = rounds.find((row) => row.table_id === table.id);
    const own = stakes
      .filter((row) => row.table_id === table.id)
      .map((row) => ({ bet: row.bet, total: Number(row.total), bets: Number(row.bets) }));
    const totalOf = (bet: string) => own.find((row) => row.bet === bet)?.total ?? 0;
    let exposure: MonitorTable["exposure"] = null;
    if (table.game === "baccarat") {
      const player = totalOf("player");
      const banker = totalOf("banker");
      const side = player > banker ? "player" : "banker";
      exposure = { amount: Math.abs(player - banker), side, cap: table.limits[side]?.max ?? 0 };
    }
    return {
      slug: table.slug,
      name: table.name,
      game: table.game,
      status: table.status,
      round:
        round === undefined
          ? null
          : {
              id: round.id,
              number: round.number,
              phase: round.phase,
              closesAt: round.betting_closes_at.toISOString(),
              actsBy: round.acts_by?.toISOString() ?? null,
            },
      stakes: own,
      bettors: Number(bettorsOf.find((row) => row.table_id === table.id)?.bettors ?? 0),
      seated: seats.find((row) => row.tableId === table.id)?._count._all ?? 0,
      exposure,
    };
  });
}
