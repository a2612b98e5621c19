/**
 * The lobby (`tables.watch`): every table with a live summary of its play — the round in play,
 * its phase and closing time, the last result, the end of the shoe's road and how many players
 * have bets in the round; at baccarat tables, the good roads the shoe shows and the results of
 * the last 100 rounds. Read with a handful of set queries for all tables at once.
 */
import type { Db } from "@fuda/db";
import { baccarat } from "@fuda/rules";

import type { LiveSummary, LobbyTable, TableStats } from "./lobby.types";
import { listTables } from "./tables";

/** Road marks the lobby shows per table: the newest of the current shoe. */
export const LOBBY_ROAD_MARKS = 20;
/** A baccarat table's statistics count its last this many settled rounds. */
export const LOBBY_STATS_ROUNDS = 100;

const noPlay: LiveSummary = {
  roundId: null,
  roundNumber: null,
  phase: null,
  closesAt: null,
  lastResult: null,
  road: [],
  players: 0,
  goodRoads: [],
  stats: null,
};

interface RoundRow {
  table_id: string;
  id: string;
  number: number;
  phase: LiveSummary["phase"] & string;
  betting_closes_at: Date;
}

/** Every table in lobby order, each with its live summary. */
export async function lobbyTables({ db }: { db: Db }): Promise<LobbyTable[]> {
  const [tables, rounds, settled, roads, stats] = await Promise.all([
    listTables({ db }),
    // Per table: the round in play, else the latest.
    db.$queryRaw<RoundRow[]>`
      SELECT DISTINCT ON (table_id) table_id, id, number, phase::text AS phase, betting_closes_at
      FROM rounds ORDER BY table_id, (phase IN ('betting', 'dealing')) DESC, opened_at DESC`,
    db.$queryRaw<{ table_id: string; outcome: unknown }[]>`
      SELECT DISTINCT ON (table_id) table_id, outcome FROM rounds
      WHERE phase = 'settled' ORDER BY table_id, settled_at DESC`,
    db.$queryRaw<{ table_id: string; road: unknown }[]>`
      SELECT DISTINCT ON (table_id) table_id, road FROM shoes
      ORDER BY table_id, (ended_at IS NULL) DESC, started_at DESC`,
    // Counted in the database: a hundred outcomes per table never leave it.
    db.$queryRaw<({ table_id: string } & TableStats)[]>`
      SELECT t.id AS table_id, count(r.outcome)::int AS rounds,
        count(*) FILTER (WHERE r.outcome->>'winner' = 'player')::int AS player,
        count(*) FILTER (WHERE r.outcome->>'winner' = 'banker')::int AS banker,
        count(*) FILTER (WHERE r.outcome->>'winner' = 'tie')::int AS tie,
        count(*) FILTER (WHERE (r.outcome->>'playerPair')::boolean)::int AS "playerPair",
        count(*) FILTER (WHERE (r.outcome->>'bankerPair')::boolean)::int AS "bankerPair",
        count(*) FILTER (WHERE (r.outcome->>'playerNatural')::boolean
          OR (r.outcome->>'bankerNatural')::boolean)::int AS natural
      FROM tables t LEFT JOIN LATERAL (
        SELECT outcome FROM rounds
        WHERE table_id = t.id AND phase = 'settled' AND voided_at IS NULL
        ORDER BY finished_xid DESC LIMIT ${LOBBY_STATS_ROUNDS}
      ) r ON true
      WHERE t.game = 'BACCARAT'
      GROUP BY t.id`,
  ]);
  const roundIds = rounds.map((round) => round.id);
  const players =
    roundIds.length === 0
      ? []
      : await db.$queryRaw<{ round_id: string; players: number }[]>`
          SELECT round_id, count(DISTINCT player_id)::int AS players FROM bets
          WHERE round_id = ANY(${roundIds}::uuid[]) GROUP BY round_id`;
  const byTable = <Row extends { table_id: string }>(rows: Row[]) =>
    new Map(rows.map((row) => [row.table_id, row]));
  const roundOf = byTable(rounds);
  const settledOf = byTable(settled);
  const roadOf = byTable(roads);
  const statsOf = byTable(stats);
  const playersOf = new Map(players.map((row) => [row.round_id, row.players]));
  return tables.map((table) => {
    const round = roundOf.get(table.id);
    const road = roadOf.get(table.id)?.road;
    const marks = Array.isArray(road) ? road : [];
    const tableStats = statsOf.get(table.id);
    return {
      ...table,
      live: {
        ...noPlay,
        ...(round === undefined
          ? {}
          : {
              roundId: round.id,
              roundNumber: round.number,
              phase: round.phase,
              closesAt: round.betting_closes_at.toISOString(),
              players: playersOf.get(round.id) ?? 0,
            }),
        lastResult: settledOf.get(table.id)?.outcome ?? null,
        road: marks.slice(-LOBBY_ROAD_MARKS),
        ...(tableStats === undefined
          ? {}
          : {
              // The dealer writes baccarat's road marks (baccarat.RoadRound), whole shoe long.
              goodRoads: baccarat.goodRoads(marks as baccarat.RoadRound[]),
              stats: {
                rounds: tableStats.rounds,
                player: tableStats.player,
                banker: tableStats.banker,
                tie: tableStats.tie,
                playerPair: tableStats.playerPair,
                bankerPair: tableStats.bankerPair,
                natural: tableStats.natural,
              },
            }),
      },
    };
  });
}
