/**
 * `actions.act` refusals over HTTP (docs/live-tables.md, Decisions): an action the game does not
 * know or does not allow now, another player's seat, a seat whose turn it is not, a timer that
 * has run out, a split or double the wallet cannot cover — each a FudaError naming the field and
 * the rule, and nothing changed: not the round, its bets, the ledger, its actions or its events.
 * The same request id twice acts once. No dealer runs: the test takes the dealer's steps itself
 * (the fixtures call the dealer's own step functions), so every moment is the one it means.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { seed } from "@fuda/db";
import { adjust, balance } from "@fuda/ledger";
import { auditLiveTables } from "@fuda/live";
import { closeRound, dealerSteps, openNextRound, stackShoe } from "@fuda/live/testing";
import type { Card } from "@fuda/shoe";
import { until } from "@fuda/testkit";

import type { Browser, GameApi } from "./http";
import { signUp, startGameApi } from "./http";
import { dealingOrder, roundShown, SLUG } from "./joker-blackjack";

let api: GameApi;
let db: Db;
let tableId: string;
interface Player {
  browser: Browser;
  seat: number;
  id: string;
}
let alice: Player;
let bob: Player;

const setActionSeconds = (actionSeconds: number) =>
  db.table.update({ where: { id: tableId }, data: { settings: { seats: 7, actionSeconds } } });

async function sitDown(name: string, seat: number): Promise<Player> {
  const browser = await signUp(api, name);
  expect((await browser.trpc("mutation", "seats.sit", { tableId, seat })).status).toBe(200);
  return { browser, seat, id: ((await browser.actor()) as { userId: string }).userId };
}

beforeAll(async () => {
  api = await startGameApi();
  db = api.db;
  await seed(db);
  tableId = (await db.table.findUniqueOrThrow({ where: { slug: SLUG } })).id;
  await setActionSeconds(60);
  alice = await sitDown("alice", 1);
  bob = await sitDown("bob", 2);
});
afterAll(() => api.stop());

/** 10 points on the player's seat. */
const betOn = (player: Player, roundId: string) =>
  player.browser.trpc("mutation", "bets.place", {
    roundId,
    bets: [{ bet: "main", seat: player.seat, amount: 1_000 }],
    requestId: randomUUID(),
  });

/** Alice on seat 1 and Bob on seat 2, 10 points each, dealt `deck`: seat 1's turn is next. */
async function seatOneToAct(deck: Card[]): Promise<string> {
  await stackShoe(db, SLUG, deck);
  const round = await openNextRound(db, SLUG);
  for (const player of [alice, bob]) {
    expect(await betOn(player, round.id)).toMatchObject({ status: 200 });
  }
  await closeRound(db, round.id);
  const dealt = await dealerSteps(db, round.id);
  expect((await roundShown(alice.browser))?.pending).toMatchObject({ seat: 1, kind: "turn" });
  return dealt.id;
}

/** Everything an action could change. */
async function snapshot(roundId: string) {
  const round = await db.round.findUniqueOrThrow({
    where: { id: roundId },
    include: { shoe: true },
  });
  const [ledger] = await db.$queryRaw<{ transfers: bigint; entries: bigint }[]>`
    SELECT (SELECT count(*) FROM ledger_transfers) AS transfers,
           (SELECT count(*) FROM ledger_entries) AS entries`;
  return {
    round: [round.moves, round.version, round.state, round.cards, round.actsBy],
    shoe: [round.shoe.position, round.shoe.state],
    bets: await db.bet.findMany({ where: { roundId }, orderBy: { id: "asc" } }),
    actions: await db.roundAction.count({ where: { roundId } }),
    events: await db.tableEvent.count({ where: { tableId } }),
    ledger,
    wallets: [await balance({ db, playerId: alice.id }), await balance({ db, playerId: bob.id })],
  };
}

const act = (
  player: Player,
  roundId: string,
  action: string,
  seat = player.seat,
  requestId = randomUUID(),
) => player.browser.trpc("mutation", "actions.act", { roundId, seat, action, requestId });

/** Each call refused as expected, and the round, its bets, the ledger and the events as before. */
async function refusedAndUnchanged(
  roundId: string,
  attempts: [call: () => ReturnType<typeof act>, refusal: Record<string, unknown>][],
): Promise<void> {
  const before = await snapshot(roundId);
  for (const [call, refusal] of attempts) {
    expect(await call()).toMatchObject(refusal);
    expect(await snapshot(roundId)).toEqual(before);
  }
}

/** Every seat left stands until the round is settled; the books of all tables stay clean. */
async function standToTheEnd(roundId: string): Promise<void> {
  for (;;) {
    const round = await dealerSteps(db, roundId);
    if (round.phase === "settled") break;
    const pending = (await roundShown(alice.browser))!.pending!;
    const player = pending.seat === alice.seat ? alice : bob;
    expect(await act(player, roundId, "stand")).toMatchObject({ status: 200 });
  }
  expect(await auditLiveTables(db)).toEqual([]);
}

const NO_PAIR = dealingOrder({ seats: ["9H 7D", "TC 6S"], dealer: "9C 8S", draws: "2C 3D 4H" });

describe("actions.act refuses, and nothing changes", () => {
  it("an action the game does not know (BAD_INPUT), or does not allow now (CONFLICT): the message names the action and what is allowed", async () => {
    const roundId = await seatOneToAct(NO_PAIR);
    await refusedAndUnchanged(roundId, [
      [
        () => act(alice, roundId, "split"),
        {
          status: 409,
          reason: "CONFLICT",
          message:
            "action: split: not allowed for seat 1 now (allowed: hit, stand, double, surrender)",
          details: { field: "action", rule: "ACTION_NOT_ALLOWED" },
        },
      ],
      [
        () => act(alice, roundId, "insurance"),
        {
          status: 409,
          reason: "CONFLICT",
          details: { field: "action", rule: "ACTION_NOT_ALLOWED" },
        },
      ],
      [
        () => act(alice, roundId, "fly"),
        {
          status: 400,
          reason: "BAD_INPUT",
          message:
            "action: fly: not a joker blackjack action (hit, stand, double, split, surrender, insurance, evenMoney, declineInsurance)",
          details: { field: "action", rule: "UNKNOWN_ACTION" },
        },
      ],
    ]);
    await standToTheEnd(roundId);
    // A settled round takes no more actions.
    expect(await act(alice, roundId, "hit")).toMatchObject({
      status: 409,
      reason: "CONFLICT",
      message: `roundId: round ${roundId} is settled, not dealing`,
    });
  });

  it("another player's seat, or a seat nobody bet on, is not yours (FORBIDDEN)", async () => {
    const roundId = await seatOneToAct(NO_PAIR);
    await refusedAndUnchanged(roundId, [
      [
        () => act(bob, roundId, "stand", 1),
        {
          status: 403,
          reason: "FORBIDDEN",
          message: "seat: seat 1 is not yours in this round",
          details: { field: "seat", rule: "NOT_YOUR_SEAT" },
        },
      ],
      [
        () => act(bob, roundId, "stand", 5),
        { status: 403, reason: "FORBIDDEN", message: "seat: seat 5 is not yours in this round" },
      ],
    ]);
    await standToTheEnd(roundId);
  });

  it("a seat you bet on and undid, taken by another player in the same window, is theirs (FORBIDDEN)", async () => {
    await stackShoe(db, SLUG, NO_PAIR);
    const round = await openNextRound(db, SLUG);
    // Bob bets on seat 2, takes it back and leaves; Carol sits down there and bets.
    expect(await betOn(bob, round.id)).toMatchObject({ status: 200 });
    expect(await bob.browser.trpc("mutation", "bets.undo", { roundId: round.id })).toMatchObject({
      status: 200,
    });
    expect(await bob.browser.trpc("mutation", "seats.leave", { tableId, seat: 2 })).toMatchObject({
      data: { left: true },
    });
    const carol = await sitDown("carol", 2);
    expect(await betOn(alice, round.id)).toMatchObject({ status: 200 });
    expect(await betOn(carol, round.id)).toMatchObject({ status: 200 });
    await closeRound(db, round.id);
    await dealerSteps(db, round.id);
    expect(await act(alice, round.id, "stand")).toMatchObject({ status: 200 });
    await refusedAndUnchanged(round.id, [
      [
        () => act(bob, round.id, "stand", 2),
        { status: 403, reason: "FORBIDDEN", message: "seat: seat 2 is not yours in this round" },
      ],
    ]);
    expect(await act(carol, round.id, "stand")).toMatchObject({ status: 200 });
    await standToTheEnd(round.id);
    // Seat 2 back to Bob for the tests after this one.
    await carol.browser.trpc("mutation", "seats.leave", { tableId, seat: 2 });
    expect((await bob.browser.trpc("mutation", "seats.sit", { tableId, seat: 2 })).status).toBe(
      200,
    );
  });

  it("a seat whose turn it is not (CONFLICT): seat 2 acts while seat 1 decides", async () => {
    const roundId = await seatOneToAct(NO_PAIR);
    await refusedAndUnchanged(roundId, [
      [
        () => act(bob, roundId, "stand"),
        {
          status: 409,
          reason: "CONFLICT",
          message: "seat: it is seat 1's turn, not seat 2's",
          details: { field: "seat", rule: "NOT_YOUR_TURN" },
        },
      ],
    ]);
    await standToTheEnd(roundId);
  });

  it("a timer that has run out (CONFLICT): the seat's default is the dealer's to take, then play goes on", async () => {
    await setActionSeconds(1);
    const roundId = await seatOneToAct(NO_PAIR);
    // The database's clock judges lateness, as actions.act does.
    await until("seat 1's timer to run out", async () => {
      const [row] = await db.$queryRaw<{ late: boolean }[]>`
        SELECT acts_by <= clock_timestamp() AS late FROM rounds WHERE id = ${roundId}::uuid`;
      return row?.late === true ? true : undefined;
    });
    await setActionSeconds(60);
    await refusedAndUnchanged(roundId, [
      [
        () => act(alice, roundId, "hit"),
        {
          status: 409,
          reason: "CONFLICT",
          message: "action: the seat's time to act has run out",
          details: { field: "action", rule: "TIMER_ENDED" },
        },
      ],
    ]);
    await dealerSteps(db, roundId);
    expect(await db.roundAction.findMany({ where: { roundId } })).toMatchObject([
      { seat: 1, action: "stand", timedOut: true, playerId: null },
    ]);
    await standToTheEnd(roundId);
  });

  it("a split or a double the wallet cannot cover (INSUFFICIENT_FUNDS): refused after the ledger said no, and the hand goes on", async () => {
    const roundId = await seatOneToAct(
      dealingOrder({ seats: ["8H 8D", "TC 6S"], dealer: "9C 8S", draws: "2C 3D 4H" }),
    );
    // The seat was dealt in with its points; they are spent before it acts.
    const held = await balance({ db, playerId: alice.id });
    const drain = { playerId: alice.id, operatorId: "operator-test", reason: "test: spend" };
    await adjust(db, { ...drain, requestId: randomUUID(), amount: -(held - 500) });
    expect((await roundShown(alice.browser))!.pending!.actions).toEqual(
      expect.arrayContaining(["split", "double"]),
    );
    const short = {
      status: 422,
      reason: "INSUFFICIENT_FUNDS",
      message: "amount: 1000 needed, the wallet holds 500",
    };
    await refusedAndUnchanged(roundId, [
      [() => act(alice, roundId, "split"), short],
      [() => act(alice, roundId, "double"), short],
    ]);
    expect(await act(alice, roundId, "hit")).toMatchObject({ status: 200, data: { stake: 0 } });
    await standToTheEnd(roundId);
    await adjust(db, {
      ...drain,
      requestId: randomUUID(),
      amount: held - 500,
      reason: "test: back",
    });
  });
});

describe("actions.act is idempotent", () => {
  it("the same request id twice acts once: the second answers as the first, replayed", async () => {
    const roundId = await seatOneToAct(
      dealingOrder({ seats: ["9H 2D", "TC 6S"], dealer: "9C 8S", draws: "TC 3D 4H" }),
    );
    const requestId = randomUUID();
    const first = await act(alice, roundId, "double", 1, requestId);
    expect(first).toMatchObject({
      status: 200,
      data: { seat: 1, hand: 0, action: "double", stake: 1_000, replayed: false },
    });
    const after = await snapshot(roundId);
    const again = await act(alice, roundId, "double", 1, requestId);
    expect(again).toEqual({ ...first, data: { ...(first.data as object), replayed: true } });
    expect(await snapshot(roundId)).toEqual(after);
    expect(await db.bet.count({ where: { roundId, bet: "double" } })).toBe(1);
    await standToTheEnd(roundId);
  });
});
