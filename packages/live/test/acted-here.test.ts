/**
 * A player's action in the dealer's own process reaches the table's runner in memory: the runner
 * deals on from the round the action wrote, without reading the table again (acted-here.ts).
 */
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { createInterface } from "node:readline";
import { promisify } from "node:util";

import pg from "pg";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { poolOf, seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { adjust, balance } from "@fuda/ledger";
import { until } from "@fuda/testkit";

import type { TableEvent } from "../src";
import { act, auditLiveTables, silentLog, sit, startLive } from "../src";
import { heldRound, holdRound } from "../src/acted-here";
import { newPlayer } from "./fixtures";

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
});
afterAll(() => database.drop());

/** `act` in a process of its own: it hands nothing to this process's runners. */
const actElsewhere = (input: object): Promise<unknown> =>
  promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      fileURLToPath(new URL("act-elsewhere.ts", import.meta.url)),
      database.url,
      JSON.stringify(input),
    ],
    { cwd: fileURLToPath(new URL("..", import.meta.url)) },
  );

describe("a player's action in the dealer's process", () => {
  it("is dealt on from the round it wrote: the runner reads the table again only after the round settles", async () => {
    const { table, playerId } = await seatedAlone(1, 30);

    // The runner's table reads go through the pool as named statements (Prisma names none).
    // Only this table's: the runners of the closed ones look at theirs now and then.
    const pool = poolOf(db);
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    let reads = 0;
    Object.assign(pool, {
      query: (config: unknown, ...rest: unknown[]) => {
        const named = config as { text?: string; values?: unknown[] };
        const read = named.text?.includes("LEFT JOIN rounds r ON r.table_id = t.id") === true;
        if (read && named.values?.[0] === table.id) reads += 1;
        return query(config, ...rest);
      },
    });
    // The answers to the dealer's card steps (one message, ending in COMMIT) come late: a turn's
    // events reach the hub, and the player's action is handed to the runner, while the step that
    // started the turn still awaits its answer (on a busy machine the listening connection can
    // be served first).
    const stopDelaying = delayCardStepAnswers(100);
    const live = dealing();
    const acts: Promise<unknown>[] = [];
    /** The round being watched: the reads at its first turn, and its actions. */
    let watched: { roundId: string; readsAtTurn: number; acts: number } | undefined;
    /** Over the rounds watched to their settlement: the seat's actions, the reads meanwhile. */
    const total = { acts: 0, reads: 0 };
    const stop = live.hub.listen(
      { tableId: table.id },
      {
        event(event: TableEvent) {
          const payload = event.payload as { roundId: string; seat?: number; actions?: string[] };
          if (event.type === "round.opened") {
            const bets = [{ bet: "main", seat: 1, amount: 1_000 }];
            const requestId = randomUUID();
            void live.desk.place({ playerId, roundId: payload.roundId, bets, requestId });
          } else if (event.type === "turn.started" && payload.seat === 1) {
            if (watched?.roundId !== payload.roundId) {
              watched = { roundId: payload.roundId, readsAtTurn: reads, acts: 0 };
            }
            // Hit once, then stand: the dealer plays after the last decision.
            const action = watched.acts === 0 ? "hit" : "stand";
            watched.acts += 1;
            acts.push(
              act(db, {
                playerId,
                roundId: payload.roundId,
                seat: 1,
                action: payload.actions!.includes(action) ? action : payload.actions![0]!,
                requestId: randomUUID(),
              }),
            );
          } else if (event.type === "round.settled" && event.playerId === null) {
            // A round with no turn for the seat (a blackjack dealt) is not one watched.
            if (watched?.roundId === payload.roundId) {
              total.acts += watched.acts;
              total.reads += reads - watched.readsAtTurn;
              watched = undefined;
            }
          }
        },
        end: () => undefined,
      },
    );
    try {
      await until(
        "rounds with six of the seat's decisions settled",
        () => Promise.resolve(total.acts >= 6 || undefined),
        30_000,
      );
      await Promise.all(acts);
    } finally {
      stop();
      await live.stop();
      Object.assign(pool, { query });
      stopDelaying();
    }
    // From each first turn to the settlement, the runner stepped from the rounds the actions
    // wrote: one handed nothing reads after most actions (3 reads in 4 actions, measured). A read
    // is never wrong, only slower, and a busy machine can make one (a step that races an action
    // fails its write over it and reads the table, as it must): one is allowed.
    expect(total.reads).toBeLessThanOrEqual(1);
    expect(await auditLiveTables(db)).toEqual([]);
  });
  it("taken in another process, it is dealt on at once: the runner waiting for it reads the table when its events come", async () => {
    // The other process starts, acts and ends in a few seconds.
    const settledAfter = await settledAfterActionElsewhere(2, (input) => void actElsewhere(input));
    expect(settledAfter).toBeLessThan(20_000);
    expect(await auditLiveTables(db)).toEqual([]);
  });

  it("taken in another process while the step that started the turn awaits its answer, it is dealt on at once, not at the seat's timer", async () => {
    // The other process, up before the round: its action commits in milliseconds.
    const elsewhere = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        fileURLToPath(new URL("act-elsewhere.ts", import.meta.url)),
        database.url,
      ],
      { cwd: fileURLToPath(new URL("..", import.meta.url)), stdio: ["pipe", "pipe", "inherit"] },
    );
    const answers = createInterface({ input: elsewhere.stdout })[Symbol.asyncIterator]();
    expect((await answers.next()).value).toBe("ready");
    // The answers to the dealer's card steps come 300 ms late: the action's events reach the
    // runner's hub while the step that started the turn still awaits its COMMIT.
    const stopDelaying = delayCardStepAnswers(300);
    try {
      const settledAfter = await settledAfterActionElsewhere(3, (input) => {
        elsewhere.stdin.write(`${JSON.stringify(input)}\n`);
      });
      expect(settledAfter).toBeLessThan(10_000);
    } finally {
      stopDelaying();
      elsewhere.stdin.end();
      await once(elsewhere, "exit");
    }
    expect(await auditLiveTables(db)).toEqual([]);
  });

  it("on the round its runner holds, is one message; a seat not theirs, a request seen before, a round moved since are read under the lock and answered as ever", async () => {
    const { table, playerId } = await seatedAlone(4, 30);
    const stranger = await newPlayer(db, 1_000_000);
    const stopCounting = countMessagesCarrying();
    const live = dealing();
    /** Seat 4's turns in order, and the rounds settled. */
    const turns: { roundId: string; actions: string[] }[] = [];
    const settled = new Set<string>();
    const stop = live.hub.listen(
      { tableId: table.id },
      {
        event(event: TableEvent) {
          const payload = event.payload as { roundId: string; seat?: number; actions?: string[] };
          if (event.type === "round.opened") {
            betMain(live, playerId, 4, payload.roundId);
          } else if (event.type === "turn.started" && payload.seat === 4) {
            turns.push({ roundId: payload.roundId, actions: payload.actions! });
          } else if (event.type === "round.settled" && event.playerId === null) {
            settled.add(payload.roundId);
          }
        },
        end: () => undefined,
      },
    );
    /** Seat 4's next turn, once the runner holds its round: null when the round settles first. */
    const nextTurn = async (after: number, roundId?: string) => {
      const turn = await until("seat 4's next turn, or its round settled", () =>
        Promise.resolve(
          turns.length > after
            ? turns[after]
            : roundId !== undefined && settled.has(roundId)
              ? null
              : undefined,
        ),
      );
      if (turn === null || (roundId !== undefined && turn.roundId !== roundId)) return null;
      await until("the runner holding the turn's round", () =>
        Promise.resolve(heldRound(turn.roundId)?.round.actsBy != null || undefined),
      );
      return turn;
    };
    const acting = (roundId: string, action: string, as = playerId, requestId = randomUUID()) => ({
      playerId: as,
      roundId,
      seat: 4,
      action,
      requestId,
    });
    try {
      for (let round = 0; ; round++) {
        expect(round).toBeLessThan(8);
        let turn = await nextTurn(turns.length);
        if (turn!.actions.includes("declineInsurance")) {
          // Counted before the answer: the next turn's event can reach the hub before it.
          const turnsBefore = turns.length;
          await act(db, acting(turn!.roundId, "declineInsurance"));
          turn = await nextTurn(turnsBefore, turn!.roundId);
          if (turn === null) continue;
        }
        const { roundId } = turn!;
        // Not theirs: the stranger's stand is refused, as a read would have refused it.
        await expect(act(db, acting(roundId, "stand", stranger))).rejects.toMatchObject({
          code: "FORBIDDEN",
        });
        // A hit on the round as held: one message, the checks, the write and COMMIT.
        const turnsBefore = turns.length;
        const hit = acting(roundId, "hit");
        expect(await act(db, hit)).toMatchObject({ action: "hit", replayed: false });
        expect(messagesCarrying(hit.requestId)).toBe(1);
        // A bust or 21 ends the turn: another round then.
        const again = await nextTurn(turnsBefore, roundId);
        if (!again?.actions.includes("stand")) continue;
        // The same request again: it finds the first's record and answers as it did.
        expect(await act(db, hit)).toMatchObject({ action: "hit", replayed: true });
        expect(messagesCarrying(hit.requestId)).toBeGreaterThan(1);
        // The round as held one move behind (as if a move had come since): the stand is read
        // under the lock and taken from the round as it is.
        const held = heldRound(roundId)!;
        holdRound({ ...held, round: { ...held.round, moves: held.round.moves - 1 } });
        const stand = acting(roundId, "stand");
        expect(await act(db, stand)).toMatchObject({ action: "stand", replayed: false });
        expect(messagesCarrying(stand.requestId)).toBe(3);
        await until("the round settled", () => Promise.resolve(settled.has(roundId) || undefined));
        const actions = await db.roundAction.findMany({
          where: { roundId },
          orderBy: { id: "asc" },
        });
        expect(
          actions.filter((each) => each.playerId === playerId).map((each) => each.action),
        ).toEqual([
          ...(actions.some((each) => each.action === "declineInsurance")
            ? ["declineInsurance"]
            : []),
          "hit",
          "stand",
        ]);
        break;
      }
    } finally {
      stop();
      await live.stop();
      stopCounting();
    }
    expect(refusedBets).toEqual([]);
    expect(await auditLiveTables(db)).toEqual([]);
  });
});

describe("a double on the round its runner holds", () => {
  it("is one message: the stake reserved through the ledger and its bet beside the main one; a wallet short of it is read and refused, nothing written", async () => {
    const { table, playerId: doubler } = await seatedAlone(5, 30);
    const emptied = await newPlayer(db, 1_000_000);
    await sit(db, { playerId: emptied, tableId: table.id, seat: 6 });
    const stopCounting = countMessagesCarrying();
    const live = dealing();
    const players = new Map([
      [5, doubler],
      [6, emptied],
    ]);
    // Seat 6 stops betting once its wallet is emptied.
    const bettors = new Map(players);
    const turns: { roundId: string; seat: number; actions: string[] }[] = [];
    const stop = live.hub.listen(
      { tableId: table.id },
      {
        event(event: TableEvent) {
          const payload = event.payload as { roundId: string; seat?: number; actions?: string[] };
          if (event.type === "round.opened") {
            for (const [seat, playerId] of bettors) {
              betMain(live, playerId, seat, payload.roundId);
            }
          } else if (event.type === "turn.started" && players.has(payload.seat!)) {
            turns.push({
              roundId: payload.roundId,
              seat: payload.seat!,
              actions: payload.actions!,
            });
          }
        },
        end: () => undefined,
      },
    );
    const wallet = (playerId: string) => balance({ db, playerId });
    const stakedBy = (requestId: string) =>
      db.bet.findMany({ where: { requestId: `action/${requestId}` } });
    let doubled = false;
    let refused = false;
    try {
      for (let seen = 0; !(doubled && refused); seen++) {
        expect(seen).toBeLessThan(60);
        const turn = await until("a turn of seat 5 or 6", () => Promise.resolve(turns[seen]));
        await until("the runner holding the turn's round", () =>
          Promise.resolve(heldRound(turn.roundId)?.round.actsBy != null || undefined),
        );
        const requestId = randomUUID();
        const input = {
          playerId: players.get(turn.seat)!,
          roundId: turn.roundId,
          seat: turn.seat,
          requestId,
        };
        if (turn.actions.includes("declineInsurance")) {
          await act(db, { ...input, action: "declineInsurance" });
        } else if (turn.seat === 5 && !doubled && turn.actions.includes("double")) {
          const before = await wallet(doubler);
          const answer = await act(db, { ...input, action: "double" });
          expect(answer).toMatchObject({ action: "double", stake: 1_000, replayed: false });
          expect(messagesCarrying(requestId)).toBe(1);
          expect(answer.balance).toBe(before - 1_000);
          expect(await wallet(doubler)).toBe(before - 1_000);
          expect(await stakedBy(requestId)).toMatchObject([
            { roundId: turn.roundId, playerId: doubler, seat: 5, stake: 1_000n, reserved: 1_000n },
          ]);
          doubled = true;
        } else if (turn.seat === 6 && !refused && turn.actions.includes("double")) {
          // An operator takes the wallet's every point (a recorded adjustment): nothing covers it.
          bettors.delete(6);
          const left = await wallet(emptied);
          await adjust(db, {
            requestId: randomUUID(),
            playerId: emptied,
            operatorId: "operator-test",
            amount: -left,
            reason: "a wallet emptied for the test",
          });
          await expect(act(db, { ...input, action: "double" })).rejects.toMatchObject({
            code: "INSUFFICIENT_FUNDS",
          });
          // Tried on the round as held, then read under the lock and refused as ever.
          expect(messagesCarrying(requestId)).toBeGreaterThan(1);
          expect(await wallet(emptied)).toBe(0);
          expect(await stakedBy(requestId)).toEqual([]);
          await act(db, { ...input, requestId: randomUUID(), action: "stand" });
          refused = true;
        } else {
          await act(db, {
            ...input,
            action: turn.actions.includes("stand") ? "stand" : turn.actions[0]!,
          });
        }
      }
    } finally {
      stop();
      await live.stop();
      stopCounting();
    }
    expect(refusedBets).toEqual([]);
    expect(await auditLiveTables(db)).toEqual([]);
  });
});

/** The live runtime dealing this database's open tables at once: no delays, a 500 ms window. */
const dealing = () =>
  startLive({
    db,
    connectionString: database.url,
    timing: { dealDelayMs: 0, resultPauseMs: 100, bettingWindowMs: () => 500 },
    log: silentLog,
  });

/** Bets of `betMain` the desk refused: each test expects none. */
const refusedBets: unknown[] = [];

/** The player's main bet of 10 points on `seat`, through the bet desk, not awaited. */
const betMain = (
  live: ReturnType<typeof dealing>,
  playerId: string,
  seat: number,
  roundId: string,
) =>
  void live.desk
    .place({
      playerId,
      roundId,
      bets: [{ bet: "main", seat, amount: 1_000 }],
      requestId: randomUUID(),
    })
    .catch((error: unknown) => refusedBets.push(error));

/** Messages sent to PostgreSQL carrying each request id counted (`messagesCarrying`). */
const carrying = new Map<string, number>();
const messagesCarrying = (requestId: string): number => carrying.get(requestId) ?? 0;

/** Counts, until the returned stop, the messages whose text or values name a request id. */
function countMessagesCarrying(): () => void {
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const send = client.query;
  client.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string; values?: unknown[] };
    const text =
      typeof config === "string"
        ? config
        : `${config.text ?? ""} ${(config.values ?? []).join(" ")}`;
    const ids = text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];
    for (const id of new Set(ids)) carrying.set(id, messagesCarrying(id) + 1);
    return send.apply(this, args);
  };
  return () => {
    client.query = send;
  };
}

/** The joker blackjack table, the only one open, with a new player at `seat`. */
async function seatedAlone(seat: number, actionSeconds: number) {
  const table = await db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } });
  await db.table.updateMany({ where: { id: { not: table.id } }, data: { status: "CLOSED" } });
  await db.table.update({
    where: { id: table.id },
    data: { settings: { seats: 7, actionSeconds } },
  });
  const playerId = await newPlayer(db, 1_000_000);
  await sit(db, { playerId, tableId: table.id, seat });
  return { table, playerId };
}

/**
 * The dealer's card steps (one message, ending in COMMIT) answered `ms` late, until the returned
 * stop: the round's events reach the hub, and players act, while the step still awaits it.
 */
function delayCardStepAnswers(ms: number): () => void {
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const send = client.query;
  client.query = function (this: pg.Client, ...args: unknown[]) {
    const sent = send.apply(this, args);
    const text = typeof args[0] === "string" ? args[0] : "";
    if (!(text.includes("'dealing'") && /COMMIT;?\s*$/.test(text))) return sent;
    return (sent as Promise<unknown>).then(async (answer) => {
      await sleep(ms);
      return answer;
    });
  };
  return () => {
    client.query = send;
  };
}

/**
 * A joker blackjack round with a player at `seat` who stands (or declines insurance) through
 * `send` at their first turn: milliseconds from sending it to the round settled. The seat's timer
 * is 60 s: only the action's events can have the round dealt sooner.
 */
async function settledAfterActionElsewhere(
  seat: number,
  send: (input: {
    playerId: string;
    roundId: string;
    seat: number;
    action: string;
    requestId: string;
  }) => void,
): Promise<number> {
  const { table, playerId } = await seatedAlone(seat, 60);
  const live = dealing();
  let roundId: string | undefined;
  let actedAt = 0;
  let settledAfter: number | undefined;
  const stop = live.hub.listen(
    { tableId: table.id },
    {
      event(event: TableEvent) {
        const payload = event.payload as { roundId: string; seat?: number; actions?: string[] };
        if (event.type === "round.opened" && roundId === undefined) {
          betMain(live, playerId, seat, payload.roundId);
        } else if (
          event.type === "turn.started" &&
          payload.seat === seat &&
          (roundId ?? payload.roundId) === payload.roundId
        ) {
          roundId = payload.roundId;
          // The runner waits on from its own table meanwhile, through many polls.
          const action = payload.actions!.includes("stand") ? "stand" : "declineInsurance";
          actedAt = Date.now();
          send({ playerId, roundId, seat, action, requestId: randomUUID() });
        } else if (event.type === "round.settled" && event.playerId === null) {
          if (payload.roundId === roundId) settledAfter = Date.now() - actedAt;
        }
      },
      end: () => undefined,
    },
  );
  try {
    return await until(
      "the round settled after the action",
      () => Promise.resolve(settledAfter),
      40_000,
    );
  } finally {
    stop();
    await live.stop();
  }
}
