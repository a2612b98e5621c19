import type { Db } from "@fuda/db";

import { FudaError } from "../errors";
import { gameTheory } from "./returns-theory";

/** z for a two-sided 95 % band. */
const Z_95 = 1.96;

export interface BetReturns {
  bet: string;
  /** Settled rounds with at least one such bet. */
  rounds: number;
  bets: number;
  /** Minor units staked. */
  stakes: number;
  /** Minor units returned for those stakes (stake included; a Pok Deng deposit is not). */
  returned: number;
  /** returned / stakes. */
  actual: number;
  theoretical: number | null;
  /** Standard deviation of one unit's return (one bet), from the same analysis. */
  sd: number | null;
  band: { low: number; high: number } | null;
  outside: boolean;
}

export interface ReturnsSummary {
  table: { slug: string; name: string; game: string; variant: string };
  from: string;
  to: string;
  theorySource: string;
  bets: BetReturns[];
}

interface Row {
  bet: string;
  rounds: bigint;
  bets: bigint;
  stakes: bigint;
  returned: bigint;
  stake_squares: bigint;
}

/**
 * What each bet id of a table staked and returned in the rounds settled in [from, to), beside the
 * analyzers' theory. Only settled bets of settled rounds count: a refunded bet (undone, or its
 * round cancelled or void) was never played. A bet's return is what came back minus what it
 * reserved beyond its stake, so Pok Deng's deposit on a Player bet is not counted as a return.
 */
export async function returnsSummary({
  db,
  slug,
  from,
  to,
}: {
  db: Db;
  slug: string;
  from: Date;
  to: Date;
}): Promise<ReturnsSummary> {
  if (to.getTime() <= from.getTime()) {
    throw new FudaError("BAD_INPUT", "to: must be after from", { field: "to" });
  }
  const table = await db.table.findUnique({ where: { slug } });
  if (table === null) {
    throw new FudaError("NOT_FOUND", `table: no table "${slug}"`, { field: "table" });
  }
  const rows = await db.$queryRaw<Row[]>`
    SELECT b.bet,
           count(DISTINCT r.id) AS rounds,
           count(*) AS bets,
           sum(b.stake)::bigint AS stakes,
           sum(b.returned - b.reserved + b.stake)::bigint AS returned,
           sum(b.stake * b.stake)::bigint AS stake_squares
      FROM bets b
      JOIN rounds r ON r.id = b.round_id
     WHERE r.table_id = ${table.id}::uuid
       AND r.phase = 'settled'
       AND b.status = 'settled'
       AND r.settled_at >= ${from}
       AND r.settled_at < ${to}
     GROUP BY b.bet
     ORDER BY b.bet`;
  const theory = gameTheory(table.game, table.variant, table.settings);
  return {
    table: { slug: table.slug, name: table.name, game: table.game, variant: table.variant },
    from: from.toISOString(),
    to: to.toISOString(),
    theorySource: theory.source,
    bets: rows.map((row) => {
      const stakes = Number(row.stakes);
      const returned = Number(row.returned);
      const actual = stakes === 0 ? 0 : returned / stakes;
      const known = theory.bets[row.bet];
      // The actual return is Σ sᵢXᵢ / Σ sᵢ over bets of stakes sᵢ, each Xᵢ with standard deviation
      // sd per unit, so its own standard deviation is sd · √(Σ sᵢ²) / Σ sᵢ; with equal stakes
      // that is sd / √bets. The band is theoretical ± 1.96 of those.
      const half =
        known === undefined || stakes === 0
          ? null
          : (Z_95 * known.sd * Math.sqrt(Number(row.stake_squares))) / stakes;
      const band =
        known === undefined || half === null
          ? null
          : { low: known.rtp - half, high: known.rtp + half };
      return {
        bet: row.bet,
        rounds: Number(row.rounds),
        bets: Number(row.bets),
        stakes,
        returned,
        actual,
        theoretical: known?.rtp ?? null,
        sd: known?.sd ?? null,
        band,
        outside: band !== null && (actual < band.low || actual > band.high),
      };
    }),
  };
}
