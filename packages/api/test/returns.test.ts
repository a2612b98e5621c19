import { randomUUID } from "node:crypto";

import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { createBetDesk } from "@fuda/live";
import type { BetDesk, EventHub } from "@fuda/live";
import { closeRound, dealerSteps, newPlayer, openRound } from "@fuda/live/testing";
import { baccarat, pokDeng } from "@fuda/rules";

import type { Actor } from "../src";
import { appRouter, createCallerFactory } from "../src";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let desk: BetDesk;
// The hub is not used by these procedures.
const hub = {} as EventHub;
const caller = (actor: Actor) => createCallerFactory(appRouter)({ db, actor, live: { desk, hub } });
const operator = () =>
  caller({ kind: "operator", userId: "operator-1", role: "operator", signedInAt: Date.now() });

/** Rounds dealt to the end by the dealer's own steps: their ids. */
const settledRounds: string[] = [];
let start: Date;

type Slip = { bet: string; seat?: number; amount: number }[];

/** One round of `slug`: each slip placed by a new player, closed and dealt to settlement. */
async function playRound(slug: string, slips: Slip[], { undoFirst = false } = {}) {
  const { roundId } = await openRound(db, slug);
  for (const [index, bets] of slips.entries()) {
    const player = await newPlayer(db, 10_000_000);
    const playerCaller = caller({ kind: "player", userId: player });
    await playerCaller.bets.place({ roundId, requestId: randomUUID(), bets });
    // A bet undone before the close is refunded: never played, never counted.
    if (undoFirst && index === 0) await playerCaller.bets.undo({ roundId });
  }
  await closeRound(db, roundId);
  const round = await dealerSteps(db, roundId);
  expect(round.phase).toBe("settled");
  settledRounds.push(roundId);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  desk = createBetDesk({ db });
  await seed(db);
  start = new Date(Date.now() - 1_000);
  const baccaratSlips: Slip[] = [
    [
      { bet: "banker", amount: 5_000 },
      { bet: "tie", amount: 1_000 },
    ],
    [
      { bet: "player", amount: 2_000 },
      { bet: "playerPair", amount: 1_000 },
    ],
    [{ bet: "banker", amount: 3_000 }],
  ];
  for (let round = 0; round < 5; round += 1) {
    await playRound("baccarat-a", baccaratSlips, { undoFirst: round === 0 });
  }
  const pokDengSlips: Slip[] = [
    [
      { bet: "seat", seat: 1, amount: 2_000 },
      { bet: "seatPair", seat: 1, amount: 1_000 },
    ],
    [{ bet: "seat", seat: 3, amount: 4_000 }],
  ];
  for (let round = 0; round < 4; round += 1) await playRound("pok-deng", pokDengSlips);
  // A round still betting: its bets are open, not counted.
  const { roundId } = await openRound(db, "baccarat-a");
  const player = await newPlayer(db, 10_000_000);
  await caller({ kind: "player", userId: player }).bets.place({
    roundId,
    requestId: randomUUID(),
    bets: [{ bet: "banker", amount: 9_900 }],
  });
}, 120_000);
afterAll(async () => {
  await desk.close();
  await database.drop();
});

/** The plain sum over the bets of the settled rounds this test dealt at `slug`. */
async function plainSums(slug: string) {
  const rows = await db.$queryRaw<
    { bet: string; bets: bigint; stakes: bigint; back: bigint; reserved_extra: bigint }[]
  >`
    SELECT b.bet, count(*) AS bets, sum(b.stake) AS stakes, sum(b.returned) AS back,
           sum(b.reserved - b.stake) AS reserved_extra
      FROM bets b JOIN rounds r ON r.id = b.round_id JOIN tables t ON t.id = r.table_id
     WHERE t.slug = ${slug} AND b.status = 'settled' AND r.id::text = ANY(${settledRounds})
     GROUP BY b.bet ORDER BY b.bet`;
  return rows.map((row) => ({
    bet: row.bet,
    bets: Number(row.bets),
    stakes: Number(row.stakes),
    returned: Number(row.back) - Number(row.reserved_extra),
  }));
}

const window = () => ({
  from: start.toISOString(),
  to: new Date(Date.now() + 60_000).toISOString(),
});

describe("admin.returns.summary", () => {
  it("a baccarat table's stakes and returns per bet id equal a plain SQL sum over its settled bets", async () => {
    const summary = await operator().admin.returns.summary({ table: "baccarat-a", ...window() });
    const plain = await plainSums("baccarat-a");
    expect(
      summary.bets.map(({ bet, bets, stakes, returned }) => ({ bet, bets, stakes, returned })),
    ).toEqual(plain);
    // 5 rounds: the first round's first slip was undone (refunded), the open round's bet not settled.
    expect(Object.fromEntries(summary.bets.map((row) => [row.bet, row.stakes]))).toEqual({
      banker: 4 * 5_000 + 5 * 3_000,
      player: 5 * 2_000,
      playerPair: 5 * 1_000,
      tie: 4 * 1_000,
    });
    for (const row of summary.bets) {
      expect(row.rounds).toBe(row.bet === "banker" ? 5 : row.bet === "tie" ? 4 : 5);
      expect(row.actual).toBeCloseTo(row.returned / row.stakes, 12);
    }
  });

  it("theory: the baccarat analyzer's RTP with a 95 % band of 1.96 sd √(Σ stake²) / Σ stake", async () => {
    const summary = await operator().admin.returns.summary({ table: "baccarat-a", ...window() });
    const analysis = baccarat.analyze("commission", baccarat.variantComposition("commission"));
    const banker = summary.bets.find((row) => row.bet === "banker")!;
    expect(banker.theoretical).toBeCloseTo(baccarat.fractionToNumber(analysis.rtp.banker!), 12);
    // 8-deck standard deviations per unit, ties counted: Banker 0.9274, Player 0.9512, Tie (8:1) 2.6409.
    expect(banker.sd).toBeCloseTo(0.9274, 4);
    expect(summary.bets.find((row) => row.bet === "player")!.sd).toBeCloseTo(0.9512, 3);
    expect(summary.bets.find((row) => row.bet === "tie")!.sd).toBeCloseTo(2.6409, 3);
    const squares = 4 * 5_000 ** 2 + 5 * 3_000 ** 2;
    const half = (1.96 * banker.sd! * Math.sqrt(squares)) / banker.stakes;
    expect(banker.band!.low).toBeCloseTo(banker.theoretical! - half, 12);
    expect(banker.band!.high).toBeCloseTo(banker.theoretical! + half, 12);
    for (const row of summary.bets) {
      expect(row.outside).toBe(row.actual < row.band!.low || row.actual > row.band!.high);
    }
  });

  it("Pok Deng: the deposit of a Player bet is not a return; the analyzer gives the theory", async () => {
    const summary = await operator().admin.returns.summary({ table: "pok-deng", ...window() });
    expect(
      summary.bets.map(({ bet, bets, stakes, returned }) => ({ bet, bets, stakes, returned })),
    ).toEqual(await plainSums("pok-deng"));
    const seat = summary.bets.find((row) => row.bet === "seat")!;
    expect(seat.stakes).toBe(4 * 6_000);
    expect(seat.theoretical).toBeCloseTo(
      pokDeng.fractionToNumber(pokDeng.analyzePokDeng().rtp.seat),
      12,
    );
    expect(seat.sd).toBeGreaterThan(1);
  });

  it("counts only rounds settled in the period", async () => {
    const later = new Date(Date.now() + 60_000);
    const summary = await operator().admin.returns.summary({
      table: "baccarat-a",
      from: later.toISOString(),
      to: new Date(later.getTime() + 60_000).toISOString(),
    });
    expect(summary.bets).toEqual([]);
  });

  it("refuses an unknown table, a period that ends before it starts, and a player", async () => {
    const reason = async (promise: Promise<unknown>) => {
      try {
        await promise;
      } catch (error) {
        if (error instanceof TRPCError) return [error.code, error.message];
        throw error;
      }
      return "allowed";
    };
    expect(await reason(operator().admin.returns.summary({ table: "nope", ...window() }))).toEqual([
      "NOT_FOUND",
      'table: no table "nope"',
    ]);
    const { from } = window();
    expect(
      await reason(operator().admin.returns.summary({ table: "baccarat-a", from, to: from })),
    ).toEqual(["BAD_REQUEST", "to: must be after from"]);
    const player = await newPlayer(db);
    expect(
      (
        await reason(
          caller({ kind: "player", userId: player }).admin.returns.summary({
            table: "baccarat-a",
            ...window(),
          }),
        )
      )[0],
    ).toBe("FORBIDDEN");
  });
});
