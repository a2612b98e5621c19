/**
 * The quick game as one persisted game per player (docs/rules/quick-baccarat.md, Sessions), on
 * real PostgreSQL: every step is the rules' own transition of the stored game, written back
 * whole; a refusal writes nothing; quick points never reach the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { balance, checkBooks } from "@fuda/ledger";
import { baccarat, POINT } from "@fuda/rules";
import { HmacDrbg } from "@fuda/shoe";

import type { QuickAction, QuickView } from "../src";
import { playQuick, quickSessionFromJson, quickSessionJsonOf, quickState } from "../src";
import { newPlayer } from "./fixtures";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

const seeded = () => new HmacDrbg({ serverSeed: "02f21b4c" });
const ok = (step: baccarat.QuickStep): baccarat.QuickGame => {
  if (!step.ok) throw new Error(step.violations.map((v) => v.message).join("; "));
  return step.game;
};
const press = (playerId: string, action: QuickAction) =>
  playQuick({ db, playerId, action, rng: seeded() });
const add = (playerId: string, spot: baccarat.QuickSpot) => press(playerId, { step: "add", spot });

async function storedRow(playerId: string) {
  return db.quickSession.findUniqueOrThrow({ where: { playerId } });
}
const storedGame = async (playerId: string) =>
  quickSessionFromJson(quickSessionJsonOf((await storedRow(playerId)).state)).game;

/** What the view shows of the rules' game. */
const viewed = (game: baccarat.QuickGame) => ({
  balance: game.balance,
  bets: game.bets,
  phase: game.phase,
  handsDealt: game.handsDealt,
  cardsLeft: game.shoe.cards.length - game.shoe.position,
  outcome: game.lastHand?.outcome ?? null,
  settlements: game.lastHand?.settlements ?? null,
});
const shown = (view: QuickView) => ({
  balance: view.balance,
  bets: view.bets,
  phase: view.phase,
  handsDealt: view.handsDealt,
  cardsLeft: view.cardsLeft,
  outcome: view.lastHand?.outcome ?? null,
  settlements: view.lastHand?.settlements ?? null,
});

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const { code, message, details } = error as {
      code: string;
      message: string;
      details: Record<string, unknown>;
    };
    return { code, message, details };
  }
  throw new Error("expected a refusal");
}

describe("quick sessions", () => {
  it("a new player's game: 50 points and a fresh 520-card shoe, made once, whatever is asked first", async () => {
    const player = await newPlayer(db);
    const first = await quickState({ db, playerId: player });
    expect(first).toEqual({
      balance: 50 * POINT,
      bets: { playerPair: 0, player: 0, tie: 0, banker: 0, bankerPair: 0 },
      phase: "betting",
      handsDealt: 0,
      cardsLeft: 520,
      lastHand: null,
    });
    const row = await storedRow(player);
    expect(await quickState({ db, playerId: player })).toEqual(first);
    expect((await storedRow(player)).state).toEqual(row.state);
    // Two first steps at once: one game, both clicks on it.
    const other = await newPlayer(db);
    await Promise.all([add(other, "tie"), add(other, "tie")]);
    expect((await quickState({ db, playerId: other })).bets.tie).toBe(2 * POINT);
  });

  it("every step is the rules' transition of the stored game, and the stored game is exactly the rules' game", async () => {
    const player = await newPlayer(db);
    let model = baccarat.newQuickGame(seeded());
    expect(shown(await quickState({ db, playerId: player, rng: seeded() }))).toEqual(viewed(model));
    const steps: [QuickAction, (game: baccarat.QuickGame) => baccarat.QuickStep][] = [
      [{ step: "add", spot: "player" }, (game) => baccarat.addPoint(game, "player")],
      [{ step: "add", spot: "player" }, (game) => baccarat.addPoint(game, "player")],
      [{ step: "add", spot: "tie" }, (game) => baccarat.addPoint(game, "tie")],
      [{ step: "undo" }, (game) => baccarat.undo(game)],
      [{ step: "add", spot: "bankerPair" }, (game) => baccarat.addPoint(game, "bankerPair")],
      [{ step: "add", spot: "banker" }, (game) => baccarat.addPoint(game, "banker")],
      [{ step: "deal" }, (game) => baccarat.deal(game, seeded())],
      [{ step: "next" }, (game) => baccarat.next(game)],
      [{ step: "add", spot: "playerPair" }, (game) => baccarat.addPoint(game, "playerPair")],
      [{ step: "deal" }, (game) => baccarat.deal(game, seeded())],
    ];
    for (const [action, rule] of steps) {
      model = ok(rule(model));
      expect({ action, view: shown(await press(player, action)) }).toEqual({
        action,
        view: viewed(model),
      });
      expect(await storedGame(player)).toEqual(model);
    }
    expect(model.handsDealt).toBe(2);
    expect(model.shoe.position).toBeGreaterThanOrEqual(8);
  });

  it("a refused step names the field and the rule and changes nothing", async () => {
    const player = await newPlayer(db);
    const before = await storedRow(player).catch(() => null);
    expect(before).toBeNull();
    // A first step the rules refuse does not even start the game.
    expect(await refusalOf(press(player, { step: "deal" }))).toMatchObject({
      code: "BAD_INPUT",
      message: "bets: place at least one point before dealing",
      details: { field: "bets", rule: "NO_BETS" },
    });
    expect(await db.quickSession.count({ where: { playerId: player } })).toBe(0);

    for (let i = 0; i < 5; i++) await add(player, "player");
    const betting = await storedRow(player);
    const refusals = [
      [
        { step: "add", spot: "player" },
        "BAD_INPUT",
        "spot: Player: at most 5 points on a spot, got 6 points",
        { field: "spot", rule: "SPOT_MAX", spot: "player" },
      ],
      [
        { step: "add", spot: "banker" },
        "BAD_INPUT",
        "spot: Player and Banker cannot both be bet in one round",
        { field: "spot", rule: "PLAYER_AND_BANKER" },
      ],
      [
        { step: "startOver" },
        "BAD_INPUT",
        "balance: start over only when no points are left",
        { field: "balance", rule: "STILL_HAS_POINTS" },
      ],
      [{ step: "next" }, "CONFLICT", "phase: Next follows a deal", { rule: "WRONG_PHASE" }],
    ] as const;
    for (const [action, code, message, details] of refusals) {
      expect(await refusalOf(press(player, action))).toMatchObject({ code, message, details });
    }
    expect(await storedRow(player)).toEqual(betting);

    await press(player, { step: "deal" });
    const dealt = await storedRow(player);
    for (const action of [
      { step: "add", spot: "tie" },
      { step: "undo" },
      { step: "deal" },
    ] as const) {
      expect(await refusalOf(press(player, action))).toMatchObject({
        code: "CONFLICT",
        details: { field: "phase", rule: "WRONG_PHASE" },
      });
    }
    expect(await storedRow(player)).toEqual(dealt);
    expect(await db.quickHand.count({ where: { playerId: player } })).toBe(1);
  });

  it("clicks at once on one spot are taken one at a time: 5 points, the rest refused", async () => {
    const player = await newPlayer(db);
    await quickState({ db, playerId: player });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => add(player, "bankerPair")),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    expect(
      results
        .filter((result) => result.status === "rejected")
        .map((result) => (result.reason as { details: { rule: string } }).details.rule),
    ).toEqual(["SPOT_MAX", "SPOT_MAX", "SPOT_MAX"]);
    expect(await quickState({ db, playerId: player })).toMatchObject({
      balance: 45 * POINT,
      bets: { bankerPair: 5 * POINT },
    });
  });

  it("quick points never touch the wallet: no ledger entry, the books clean", async () => {
    const player = await newPlayer(db, 1_000_000);
    for (let hand = 0; hand < 3; hand++) {
      await add(player, "tie");
      await add(player, "player");
      await press(player, { step: "deal" });
      await press(player, { step: "next" });
    }
    expect(await balance({ db, playerId: player })).toBe(1_000_000);
    const transfers = await db.$queryRaw<{ id: string }[]>`
      SELECT DISTINCT e.transfer_id AS id FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id WHERE a.owner = ${player}`;
    expect(transfers.map((transfer) => transfer.id)).toEqual([`grant/welcome/${player}`]);
    expect(await checkBooks(db)).toMatchObject({ clean: true });
  });
});
