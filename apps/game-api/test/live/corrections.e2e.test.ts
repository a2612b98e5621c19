/**
 * The dealing-mistake procedure (docs/rules/joker-blackjack.md, Dealing mistakes) as
 * operator commands on a live joker blackjack round, over HTTP with the real dealer: a rewind
 * undoes the actions after its step and burns their cards, an unrecoverable mistake pays every
 * bet as won through the ledger, each recorded as a `round.corrected` event with who and why.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, beforeAll, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { checkBooks } from "@fuda/ledger";
import { auditLiveTables } from "@fuda/live";
import { openRound } from "@fuda/live/testing";

import type { Browser, GameApi } from "../http";
import { signInAs, startGameApi } from "../http";
import { guest, until } from "./bots";
import { onlyJokerBlackjack } from "./seated-bots";

let api: GameApi;
let db: Db;
let tableId: string;
let operator: Browser;
let players: Browser[];

beforeAll(async () => {
  api = await startGameApi({
    dealing: { dealDelayMs: 0, resultPauseMs: 0, bettingWindowMs: () => 500 },
  });
  db = api.db;
  // A long timer: the operator acts while the seats wait.
  tableId = await onlyJokerBlackjack(db, { actionSeconds: 60 });
  operator = await signInAs(api, "operator");
  players = await Promise.all([1, 2].map(() => guest(api.baseUrl)));
  for (const [i, player] of players.entries()) {
    expect((await player.trpc("mutation", "seats.sit", { tableId, seat: i + 1 })).status).toBe(200);
  }
}, 60_000);

afterAll(() => api.stop());

interface Pending {
  seat: number;
  kind: string;
  actions: string[];
}
interface SeatView {
  seat: number;
  hands: { cards: number[]; settled: boolean }[];
}
interface RoundView {
  id: string;
  phase: string;
  pending: Pending | null;
  seats: SeatView[];
}

const view = async (): Promise<RoundView | null> =>
  (
    (await operator.trpc("query", "tables.get", { slug: "joker-blackjack" })).data as {
      round: RoundView | null;
    }
  ).round;

/** Seat 1's first hand has been paid or settled (a joker pays at once, the hand plays on). */
const seatOneSettled = (round: RoundView): boolean =>
  round.seats.find((seat) => seat.seat === 1)?.hands[0]?.settled ?? false;

/**
 * Both players bet in the next betting window; then every insurance window is declined, until
 * seat 1's own turn comes with `hit` among its actions and nothing paid on its hand yet. Rounds
 * where it never does, and rounds in `skip`, are played out.
 */
async function seatOnesTurn(skip: ReadonlySet<string> = new Set()): Promise<RoundView> {
  return until(
    "seat 1's turn with hit",
    async () => {
      const round = await view();
      if (round === null) return undefined;
      if (round.phase === "betting") {
        for (const [i, player] of players.entries()) {
          await player.trpc("mutation", "bets.place", {
            roundId: round.id,
            bets: [{ bet: "main", seat: i + 1, amount: 1_000 }],
            requestId: `bet-${round.id}-${i}`,
          });
        }
        return undefined;
      }
      const pending = round.pending;
      if (pending === null) return undefined;
      if (
        pending.seat === 1 &&
        pending.kind === "turn" &&
        pending.actions.includes("hit") &&
        !seatOneSettled(round) &&
        !skip.has(round.id)
      ) {
        return round;
      }
      // Not the moment this test needs: decline or stand, and look again.
      const action = pending.actions.includes("declineInsurance") ? "declineInsurance" : "stand";
      await players[pending.seat - 1]!.trpc("mutation", "actions.act", {
        roundId: round.id,
        seat: pending.seat,
        action,
        requestId: randomUUID(),
      });
      await sleep(10);
      return undefined;
    },
    60_000,
  );
}

const correction = (
  name: "rewind" | "unrecoverable" | "improperDeal",
  input: Record<string, unknown>,
) =>
  operator.trpc("mutation", `admin.rounds.${name}`, { reason: "dealer exposed a card", ...input });

async function settled(roundId: string) {
  return until("the round to settle", async () => {
    const round = await db.round.findUniqueOrThrow({
      where: { id: roundId },
      include: { bets: true },
    });
    return round.phase === "settled" ? round : undefined;
  });
}

it("a rewind to the end of the deal undoes seat 1's hit: its card burned, its turn back, the round settles from there", async () => {
  // A hit that busts (or makes 21, or draws the joker) settles seat 1's hand, and no rewind goes
  // back past a settled bet; nor past a blackjack paid after the insurance round. The next round
  // is tried until the hit leaves seat 1 still to act with nothing settled since the deal.
  let round: RoundView | undefined;
  let rewound: Awaited<ReturnType<typeof correction>> | undefined;
  let cardsBefore: number[] = [];
  const tried = new Set<string>();
  for (let attempt = 0; attempt < 8 && round === undefined; attempt++) {
    const turn = await seatOnesTurn(tried);
    tried.add(turn.id);
    cardsBefore = turn.seats.find((seat) => seat.seat === 1)!.hands[0]!.cards;
    const hit = await players[0]!.trpc("mutation", "actions.act", {
      roundId: turn.id,
      seat: 1,
      action: "hit",
      requestId: randomUUID(),
    });
    expect(hit.status).toBe(200);
    const afterHit = await view();
    if (afterHit?.id !== turn.id || afterHit.pending?.seat !== 1 || seatOneSettled(afterHit)) {
      continue;
    }
    const answer = await correction("rewind", { roundId: turn.id, toStep: 1 });
    if (answer.status !== 200 && String(answer.message).includes("settled bets")) continue;
    round = turn;
    rewound = answer;
  }
  if (round === undefined || rewound === undefined) {
    throw new Error("no round in 8 where seat 1's hit could be rewound to the end of the deal");
  }
  expect(rewound).toMatchObject({ status: 200, data: { roundId: round.id, correction: "rewind" } });
  const burned = (rewound.data as { burned: number[] }).burned;
  expect(burned.length).toBeGreaterThan(0);
  // The end of the deal comes before insurance: a dealer's ace offers it again, declined here.
  const back = await until("seat 1's turn back after the rewind", async () => {
    const now = (await view())!;
    if (now.pending?.kind !== "insurance") return now;
    await players[now.pending.seat - 1]!.trpc("mutation", "actions.act", {
      roundId: now.id,
      seat: now.pending.seat,
      action: "declineInsurance",
      requestId: randomUUID(),
    });
    return undefined;
  });
  expect(back.pending).toMatchObject({ seat: 1, kind: "turn" });
  expect(back.seats.find((seat) => seat.seat === 1)!.hands[0]!.cards).toEqual(cardsBefore);

  const event = await db.tableEvent.findFirstOrThrow({
    where: { roundId: round.id, type: "round.corrected" },
  });
  expect(event.payload).toMatchObject({
    correction: "rewind",
    toStep: 1,
    reason: "dealer exposed a card",
    operator: ((await operator.actor()) as { userId: string }).userId,
  });

  const audited = await db.auditEntry.findFirstOrThrow({
    where: { action: "rounds.rewind", targetId: round.id },
  });
  expect(audited).toMatchObject({ reason: "dealer exposed a card", targetType: "round" });
  expect(audited.after).toMatchObject({ correction: "rewind", toStep: 1, burned });

  // Played out from there: stand, stand.
  for (const seat of [1, 2]) {
    const now = await view();
    if (now?.id !== round.id || now.pending?.seat !== seat) continue;
    await players[seat - 1]!.trpc("mutation", "actions.act", {
      roundId: round.id,
      seat,
      action: "stand",
      requestId: randomUUID(),
    });
  }
  const done = await settled(round.id);
  expect(done.bets.every((bet) => bet.status === "settled")).toBe(true);
  expect((await checkBooks(db)).clean).toBe(true);
  // The burned cards of the rewind are the shoe's: the rows still account for every card.
  expect(await auditLiveTables(db)).toEqual([]);
}, 90_000);

it("an unrecoverable mistake pays every bet of the round as won, through the ledger", async () => {
  const round = await seatOnesTurn();
  // Seat 1 is on its first two cards, nothing paid; seat 2 (the last seat) may already be final
  // from the deal: a joker with its restore or bonus, a blackjack paid. What was paid stands.
  const openSeats = new Set(
    round.seats.filter((seat) => seat.hands.every((hand) => !hand.settled)).map((s) => s.seat),
  );
  const corrected = await correction("unrecoverable", { roundId: round.id });
  expect(corrected).toMatchObject({ status: 200, data: { correction: "unrecoverable" } });
  const done = await settled(round.id);
  for (const bet of done.bets) {
    const returned = Number(bet.returned);
    if (openSeats.has(bet.seat!)) expect(returned).toBe(2 * Number(bet.stake));
    else expect(returned).toBeGreaterThanOrEqual(2 * Number(bet.stake));
  }
  expect((await checkBooks(db)).clean).toBe(true);
}, 90_000);

it("refuses a correction outside a dealt round, a short reason and a step before the deal, changing nothing", async () => {
  const betting = await until("a betting round", async () => {
    const round = await view();
    return round?.phase === "betting" ? round : undefined;
  });
  expect(await correction("improperDeal", { roundId: betting.id })).toMatchObject({
    status: 409,
    reason: "CONFLICT",
    message: expect.stringContaining("not dealing") as string,
  });
  const short = await operator.trpc("mutation", "admin.rounds.unrecoverable", {
    roundId: betting.id,
    reason: "x",
  });
  expect(short.status).toBe(400);
  expect(short.message).toContain("reason: at least 3 characters");
  const early = await correction("rewind", { roundId: betting.id, toStep: 0 });
  expect(early.status).toBe(400);
  expect(early.message).toContain("toStep: from 1");
  expect(
    await db.tableEvent.count({ where: { roundId: betting.id, type: "round.corrected" } }),
  ).toBe(0);
  // A game without players' decisions has no such procedure.
  const { roundId } = await openRound(db, "baccarat-a");
  expect(await correction("unrecoverable", { roundId })).toMatchObject({
    status: 409,
    message: `roundId: round ${roundId} takes no decisions`,
  });
}, 60_000);
