/**
 * Joker blackjack seated play survives kill -9 in the action phase (issue 12, Acceptance): three
 * bot players sit, bet and act through HTTP on a spawned game API; whenever a round waits for a
 * seat's decision the process is killed and started again on the same database, over twenty
 * times. A round killed while waiting goes on from its persisted state — the same round, its
 * cards so far kept, the waiting seat's timer started again before anything else happens to it —
 * and every round with bets ends settled exactly once (or, caught betting, refunded).
 */
import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, beforeAll, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { checkBooks } from "@fuda/ledger";
import { auditLiveTables, definitionOf, liveRoundFromJson } from "@fuda/live";
import type { Decision, LiveRound } from "@fuda/rules";
import { freePort, startGameApi } from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";

import { guest, quiesce, until } from "./bots";
import { onlyJokerBlackjack, playSeated, seatBots } from "./seated-bots";
import { SOAK } from "./soak";

const SLUG = "joker-blackjack";
/** Short windows and no pauses to watch: rounds come fast, most of their time is decisions. */
const PACE = { BETTING_WINDOW_MS: "300", DEAL_DELAY_MS: "10", RESULT_PAUSE_MS: "50" };
/** The spawned game API's connections carry this name, so the test sees when they are gone. */
const APP_NAME = "fuda-seated-crash";
/** Twenty in the soak, ten in every `pnpm test` (soak.ts). */
const KILLS_WHILE_WAITING = SOAK ? 20 : 10;

const definition = definitionOf({ game: "JOKER_BLACKJACK", variant: "seven-seat" })!;

let database: TestDatabase;
let api: SpawnedApp | undefined;
let tableId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // Only joker blackjack deals; its timer is the shortest the settings allow.
  tableId = await onlyJokerBlackjack(database.db, { actionSeconds: 1 });
});
afterAll(async () => {
  await api?.kill();
  await database.drop();
});

/** The table's live round as the killed process left it in the database. */
interface Killed {
  roundId: string;
  phase: string;
  state: LiveRound;
  /** The round's changes of state so far: a new decision is a new `moves`. */
  moves: number;
  pending: Decision | null;
  actsBy: Date | null;
  /** The newest event and action of the database at the kill: what came after is the restart's. */
  lastEventId: bigint;
  lastActionId: bigint;
  /** When the game API was started again. */
  restartedAt: number;
}

async function afterKill(db: Db): Promise<Omit<Killed, "restartedAt"> | null> {
  // A commit in flight as the process died lands or not; either way, once every connection of
  // the dead process is gone the database holds all it ever will of it.
  await until(
    "the killed game API's connections to end",
    async () => {
      const [row] = await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = ${APP_NAME}`;
      return row!.n === 0 ? true : undefined;
    },
    10_000,
  );
  const [round] = await db.$queryRaw<
    { id: string; phase: string; state: LiveRound; moves: number; acts_by: Date | null }[]
  >`SELECT id::text, phase::text, state, moves, acts_by FROM rounds
    WHERE table_id = ${tableId}::uuid AND phase IN ('betting', 'dealing')`;
  const [last] = await db.$queryRaw<{ event: bigint; action: bigint }[]>`
    SELECT (SELECT coalesce(max(id), 0) FROM table_events) AS event,
           (SELECT coalesce(max(id), 0) FROM round_actions) AS action`;
  if (round === undefined) return null;
  return {
    roundId: round.id,
    phase: round.phase,
    state: round.state,
    moves: round.moves,
    pending: round.phase === "dealing" ? definition.decisions!.pending(round.state) : null,
    actsBy: round.acts_by,
    lastEventId: last!.event,
    lastActionId: last!.action,
  };
}

/** The cards of a round killed while waiting are the start of its final cards, and more came. */
function continuedFrom(killed: Killed, final: { phase: string; state: LiveRound }): string[] {
  const problems: string[] = [];
  const before = killed.state.cards;
  const after = final.state.cards;
  if (final.phase !== "settled") problems.push(`ended ${final.phase}`);
  if (final.state.first !== killed.state.first) problems.push("starts at another shoe position");
  if (before.some((card, i) => after[i] !== card)) {
    problems.push(`cards [${before.join()}] at the kill are not the start of [${after.join()}]`);
  }
  return problems.map((problem) => `round ${killed.roundId}: ${problem}`);
}

it(`kill -9 of the game API ${KILLS_WHILE_WAITING} times while a round waits for a seat's decision, bots seated: each round goes on from its persisted state with the seat's timer started again, every round and bet settled exactly once, the books and the audit clean`, async () => {
  const { db } = database;
  const port = await freePort();
  // application_name in the URL names every connection of the process (pg reads it from there).
  const url = `${database.url}${database.url.includes("?") ? "&" : "?"}application_name=${APP_NAME}`;
  const start = () => startGameApi({ databaseUrl: url, port, env: PACE });
  api = await start();
  const browsers = await Promise.all([1, 2, 3].map(() => guest(api!.url)));
  const bots = await seatBots(browsers, tableId, { idleEvery: 2 });
  const stop = new AbortController();
  const playing = playSeated(bots, {
    slug: SLUG,
    stake: 1_000,
    signal: stop.signal,
    thinkMs: [50, 350],
  });

  const kills: Killed[] = [];
  const waiting = () => kills.filter((kill) => kill.pending !== null);
  // Kills go on until the bots' own hits and stands and a timer's decision are in too: on a loaded
  // machine the bots' first decisions may all come too late (CI once saw no hit in ten kills).
  const decidedEveryWay = async () => {
    const rows = await db.$queryRaw<{ n: bigint }[]>`
      SELECT count(DISTINCT CASE WHEN timed_out THEN 'timer' ELSE action END) AS n
      FROM round_actions WHERE timed_out OR (player_id IS NOT NULL AND action IN ('hit', 'stand'))`;
    return Number(rows[0]?.n ?? 0) === 3;
  };
  // The deadline leaves the assertions to say what fell short rather than run to the timeout.
  const deadline = Date.now() + 240_000;
  while (
    (waiting().length < KILLS_WHILE_WAITING || !(await decidedEveryWay())) &&
    Date.now() < deadline
  ) {
    // A decision not killed yet, in a round killed at most once before, so that the kills
    // spread over the bots' play (a round holds four to six decisions).
    const last = kills.at(-1);
    const killedTwice = (roundId: string) =>
      kills.filter((kill) => kill.roundId === roundId).length >= 2;
    const actsBy = await until(
      "a round waiting for a new decision",
      async () => {
        const [round] = await db.$queryRaw<{ id: string; moves: number; acts_by: Date }[]>`
          SELECT id::text, moves, acts_by FROM rounds
          WHERE table_id = ${tableId}::uuid AND phase = 'dealing' AND acts_by IS NOT NULL`;
        if (round === undefined || killedTwice(round.id)) return undefined;
        return round.id === last?.roundId && round.moves === last.moves ? undefined : round.acts_by;
      },
      30_000,
    );
    // Anywhere in the seat's time: before its bot acts, as it acts, or as its timer runs out.
    await sleep(Math.random() * Math.max(0, actsBy.getTime() + 100 - Date.now()));
    await api.kill();
    const killed = await afterKill(db);
    // No bot may act on the waiting decision before the new process starts its timer again:
    // its old timer must have run out (the restart takes longer anyway).
    const late = (killed?.actsBy?.getTime() ?? 0) - Date.now();
    if (late > 0) await sleep(late + 20);
    const restartedAt = Date.now();
    api = await start();
    if (killed !== null) kills.push({ ...killed, restartedAt });
  }
  // Every round in play ends (the bots still acting), then the bots stop.
  await quiesce(db, 30_000);
  stop.abort();
  const played = await playing;
  await api.stop();
  api = undefined;

  // The rounds killed while waiting went on from where they stood.
  const problems: string[] = [];
  for (const kill of waiting()) {
    const final = await db.round.findUniqueOrThrow({ where: { id: kill.roundId } });
    problems.push(
      ...continuedFrom(kill, { phase: final.phase, state: liveRoundFromJson(final.state) }),
    );
    // First after the restart: the waiting seat's turn announced again with a new timer...
    const [first] = await db.tableEvent.findMany({
      where: { roundId: kill.roundId, id: { gt: kill.lastEventId } },
      orderBy: { id: "asc" },
      take: 1,
    });
    const payload = first?.payload as {
      seat?: number;
      hand?: number;
      kind?: string;
      actsBy?: string;
    };
    const { seat, hand, kind } = kill.pending!;
    if (
      first?.type !== "turn.started" ||
      payload.seat !== seat ||
      payload.hand !== hand ||
      payload.kind !== kind ||
      Date.parse(payload.actsBy ?? "") <= kill.restartedAt
    ) {
      problems.push(
        `round ${kill.roundId}: after the restart ${first?.type} ${JSON.stringify(payload)}, not seat ${seat}'s ${kind} timer started again`,
      );
    }
    // ...then that seat's decision, taken by its bot or its timer.
    const [action] = await db.roundAction.findMany({
      where: { roundId: kill.roundId, id: { gt: kill.lastActionId } },
      orderBy: { id: "asc" },
      take: 1,
    });
    if (action?.seat !== seat || action.hand !== hand) {
      problems.push(
        `round ${kill.roundId}: first action after the restart ${JSON.stringify(action)}`,
      );
    }
  }
  expect(problems).toEqual([]);

  // Nothing lost: no round left in play; a round with bets was settled, or refunded because a
  // kill caught it betting (the only rounds the recovery may cancel).
  expect(await db.round.count({ where: { tableId, phase: { in: ["betting", "dealing"] } } })).toBe(
    0,
  );
  const caughtBetting = new Set(kills.filter((k) => k.phase === "betting").map((k) => k.roundId));
  const withBets = await db.round.findMany({
    where: { tableId, bets: { some: {} } },
    select: { id: true, phase: true },
  });
  const lost = withBets.filter(
    (round) =>
      round.phase !== "settled" && !(round.phase === "cancelled" && caughtBetting.has(round.id)),
  );
  expect(lost).toEqual([]);
  // Exactly once: one settle (or refund) transfer per bet, one `round.settled` per settled round.
  const twice = await db.$queryRaw<{ problem: string }[]>`
    SELECT 'bet ' || b.id || ': ' || count(t.id) || ' transfers' AS problem
    FROM bets b LEFT JOIN ledger_transfers t
      ON t.id IN ('settle/' || b.round_id || '/' || b.id, 'refund/' || b.round_id || '/' || b.id)
    GROUP BY b.id HAVING count(t.id) <> 1
    UNION ALL
    SELECT 'round ' || r.id || ': announced settled ' || count(e.id) || '×' FROM rounds r
    LEFT JOIN table_events e
      ON e.round_id = r.id AND e.type = 'round.settled' AND e.player_id IS NULL
    WHERE r.phase = 'settled' GROUP BY r.id HAVING count(e.id) <> 1`;
  expect(twice).toEqual([]);
  expect((await checkBooks(db)).clean).toBe(true);
  expect(await auditLiveTables(db)).toEqual([]);

  // It was play, not idling: the kills hit many rounds, rounds settled with bets, the bots'
  // actions went through, timers ran out, and every refusal was a race with the clock (409),
  // never a failure (5xx).
  const killedRounds = new Set(waiting().map((kill) => kill.roundId)).size;
  expect(killedRounds).toBeGreaterThanOrEqual(5);
  expect(withBets.filter((round) => round.phase === "settled").length).toBeGreaterThanOrEqual(
    killedRounds,
  );
  expect(played.taken.get("hit") ?? 0).toBeGreaterThan(0);
  expect(played.taken.get("stand") ?? 0).toBeGreaterThan(0);
  expect(await db.roundAction.count({ where: { timedOut: true } })).toBeGreaterThan(0);
  expect(played.unanswered).toBeGreaterThan(0);
  expect(played.refused.filter((reply) => !reply.includes(" 409 "))).toEqual([]);
}, 400_000); // twenty restarts of a whole game API: minutes when the web e2e builds share the cores
