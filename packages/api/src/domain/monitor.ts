/**
 * The operators' live monitor (`admin.monitor.tables`): every table's round in play with what it
 * holds — stakes per bet id, who is betting and seated, and baccarat's Player/Banker exposure
 * against its cap. The portal reads it again whenever a table's event stream moves. A studio
 * table also shows its console and, when the console has gone silent in a live round, an alert
 * (docs/studio.md, Faults) for the operator to act on: cancel the round (`admin.rounds.cancel`).
 */
import type { Db } from "@fuda/db";
import { tableSettings } from "@fuda/live";

import { listTables } from "./tables";
import type { TableView } from "./tables.types";

/**
 * Something on a table an operator should act on. `consoleSilent`: a studio round is live and its
 * console has done nothing for the table's `silentSeconds` (since `since`).
 */
export interface MonitorAlert {
  kind: "consoleSilent";
  message: string;
  since: string;
}

/** A studio table's console as the monitor shows it. */
export interface MonitorStudio {
  /** Who holds the console and when it was last seen; null when no console holds the table. */
  console: { dealerId: string; dealerName: string | null; seenAt: string } | null;
  /** The console's last action at this table (a card, a step, a refusal). */
  lastActionAt: string | null;
  silentSeconds: number;
  /**
   * Seconds the console has been silent while the round needs it (its betting window over, no
   * seat's decision pending); null between rounds and while the round waits for nobody else.
   */
  silentFor: number | null;
}

export interface MonitorTable {
  slug: string;
  name: string;
  game: TableView["game"];
  status: TableView["status"];
  dealing: TableView["dealing"];
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
  /** Studio tables only. */
  studio: MonitorStudio | null;
  alerts: MonitorAlert[];
}

interface RoundRow {
  table_id: string;
  id: string;
  number: number;
  phase: string;
  opened_at: Date;
  betting_closes_at: Date;
  closed_at: Date | null;
  acts_by: Date | null;
}

interface StudioRow {
  table_id: string;
  settings: unknown;
  dealer_id: string | null;
  dealer_name: string | null;
  seen_at: Date | null;
  last_action: Date | null;
}

/**
 * How long a studio console has been silent in `round` at `now`, in whole seconds; null when the
 * round does not wait for the console: no round live, the betting window still open (the
 * countdown closes it), or a seat's decision timer running.
 */
export function consoleSilence(
  round:
    | Pick<RoundRow, "phase" | "opened_at" | "betting_closes_at" | "closed_at" | "acts_by">
    | undefined,
  lastAction: Date | null,
  now: Date,
): { since: Date; seconds: number } | null {
  if (round === undefined || (round.phase !== "betting" && round.phase !== "dealing")) return null;
  if (round.phase === "betting" && round.betting_closes_at > now) return null;
  if (round.acts_by !== null && round.acts_by > now) return null;
  // From the console's last action, but never before the round needed it: the end of its
  // betting window, or its close (the console's "No more bets" may come before the countdown).
  const needed =
    round.phase === "betting" ? round.betting_closes_at : (round.closed_at ?? round.opened_at);
  const since = new Date(
    Math.max(lastAction?.getTime() ?? 0, round.opened_at.getTime(), needed.getTime()),
  );
  return { since, seconds: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000)) };
}

export async function monitorTables({
  db,
  now = new Date(),
}: {
  db: Db;
  /** The server's time, for the silent console's alert. */
  now?: Date;
}): Promise<MonitorTable[]> {
  const [tables, rounds, stakes, seats, studios] = await Promise.all([
    listTables({ db }),
    // Per table: the round in play, else the latest.
    db.$queryRaw<RoundRow[]>`
      SELECT DISTINCT ON (table_id) table_id::text AS table_id, id::text AS id, number, phase::text AS phase,
             opened_at, betting_closes_at, closed_at, acts_by
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
    db.$queryRaw<StudioRow[]>`
      SELECT t.id::text AS table_id, t.settings, c.dealer_id, u.name AS dealer_name, c.seen_at,
             (SELECT max(a.at) FROM studio_actions a WHERE a.table_id = t.id) AS last_action
        FROM tables t
        LEFT JOIN studio_consoles c ON c.table_id = t.id
        LEFT JOIN users u ON u.id = c.dealer_id
       WHERE t.dealing = 'studio'`,
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
    const studioRow = studios.find((row) => row.table_id === table.id);
    let studio: MonitorStudio | null = null;
    const alerts: MonitorAlert[] = [];
    if (studioRow !== undefined) {
      const { silentSeconds } = tableSettings(studioRow.settings);
      const silence = consoleSilence(round, studioRow.last_action, now);
      studio = {
        console:
          studioRow.dealer_id === null || studioRow.seen_at === null
            ? null
            : {
                dealerId: studioRow.dealer_id,
                dealerName: studioRow.dealer_name,
                seenAt: studioRow.seen_at.toISOString(),
              },
        lastActionAt: studioRow.last_action?.toISOString() ?? null,
        silentSeconds,
        silentFor: silence?.seconds ?? null,
      };
      if (silence !== null && silence.seconds >= silentSeconds) {
        alerts.push({
          kind: "consoleSilent",
          message: `Console silent for ${silence.seconds} s (the table allows ${silentSeconds} s)`,
          since: silence.since.toISOString(),
        });
      }
    }
    return {
      slug: table.slug,
      name: table.name,
      game: table.game,
      status: table.status,
      dealing: table.dealing,
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
      studio,
      alerts,
    };
  });
}
