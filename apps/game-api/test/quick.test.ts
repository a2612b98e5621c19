/**
 * The quick game (docs/rules/quick-baccarat.md) over HTTP: its rules through the
 * `quick.*` procedures, its hands in the player's history, its points never in the wallet, and
 * its state through a restart of the game API on the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { checkBooks, STARTING_GRANT } from "@fuda/ledger";
import type { QuickView, RecalledRound } from "@fuda/live";
import { losingQuickSpots, nextQuickOutcome, storedQuickGame } from "@fuda/live/testing";
import type { baccarat } from "@fuda/rules";
import { POINT } from "@fuda/rules";

import type { Browser, GameApi } from "./http";
import { signUp, startGameApi } from "./http";

let database: TestDatabase;
let api: GameApi;
beforeAll(async () => {
  database = await createTestDatabase();
  api = await startGameApi({ databaseUrl: database.url });
});
afterAll(async () => {
  await api.stop();
  await database.drop();
});

async function quick(
  browser: Browser,
  step: "state" | "add" | "undo" | "deal" | "next" | "startOver",
  input?: unknown,
): Promise<QuickView> {
  const reply =
    step === "state"
      ? await browser.trpc("query", "quick.state", input)
      : await browser.trpc("mutation", `quick.${step}`, input);
  if (reply.status !== 200) throw new Error(`quick.${step}: ${JSON.stringify(reply)}`);
  return reply.data as QuickView;
}
const add = (browser: Browser, spot: baccarat.QuickSpot) => quick(browser, "add", { spot });

async function playerId(browser: Browser): Promise<string> {
  return ((await browser.actor()) as { userId: string }).userId;
}

describe("quick.* over HTTP: the rules of docs/rules/quick-baccarat.md", () => {
  it("5 points a spot, never Player with Banker, Undo takes every point back; a refusal changes nothing", async () => {
    const browser = await signUp(api, "quick-rules");
    const fresh = await quick(browser, "state");
    expect(fresh).toEqual({
      balance: 50 * POINT,
      bets: { playerPair: 0, player: 0, tie: 0, banker: 0, bankerPair: 0 },
      phase: "betting",
      handsDealt: 0,
      cardsLeft: 520,
      lastHand: null,
    });
    for (let i = 0; i < 5; i++) await add(browser, "player");
    await add(browser, "tie");
    const betting = await quick(browser, "state");
    expect(betting).toMatchObject({ balance: 44 * POINT, bets: { player: 5 * POINT, tie: POINT } });

    const sixth = await browser.trpc("mutation", "quick.add", { spot: "player" });
    expect(sixth).toMatchObject({
      status: 400,
      code: "BAD_REQUEST",
      reason: "BAD_INPUT",
      message: "spot: Player: at most 5 points on a spot, got 6 points",
    });
    expect(await browser.trpc("mutation", "quick.add", { spot: "banker" })).toMatchObject({
      status: 400,
      reason: "BAD_INPUT",
      message: "spot: Player and Banker cannot both be bet in one round",
    });
    expect(await browser.trpc("mutation", "quick.startOver")).toMatchObject({
      status: 400,
      message: "balance: start over only when no points are left",
    });
    expect(await browser.trpc("mutation", "quick.next")).toMatchObject({
      status: 409,
      reason: "CONFLICT",
      message: "phase: Next follows a deal",
    });
    const unknown = await browser.trpc("mutation", "quick.add", { spot: "luckySix" });
    expect(unknown).toMatchObject({ status: 400, code: "BAD_REQUEST", reason: "BAD_INPUT" });
    expect(unknown.message).toContain("spot: one of playerPair, player, tie, banker, bankerPair");
    expect(await quick(browser, "state")).toEqual(betting);

    expect(await quick(browser, "undo")).toEqual(fresh);
    expect(await browser.trpc("mutation", "quick.deal")).toMatchObject({
      status: 400,
      message: "bets: place at least one point before dealing",
    });
  });

  it("every hand is the rules' deal from the player's own shoe; at 0 points Start over gives 50", async () => {
    const browser = await signUp(api, "quick-broke");
    const id = await playerId(browser);
    let view = await quick(browser, "state");
    for (let hand = 1; view.balance > 0; hand++) {
      expect(hand).toBeLessThanOrEqual(10);
      const game = await storedQuickGame(api.db, id);
      const outcome = nextQuickOutcome(game);
      // Up to 5 points on each spot that loses this hand (never both Player and Banker).
      for (const spot of losingQuickSpots(outcome)) {
        for (let i = 0; i < 5 && view.balance > 0; i++) view = await add(browser, spot);
      }
      const dealt = await quick(browser, "deal");
      expect(dealt.lastHand!.outcome).toEqual(outcome);
      expect(dealt.cardsLeft).toBe(520 - game.shoe.position - dealt.lastHand!.cards.length);
      const returned = dealt.lastHand!.settlements.reduce((sum, s) => sum + s.returned, 0);
      expect(dealt).toMatchObject({ phase: "dealt", handsDealt: hand });
      expect(dealt.balance).toBe(view.balance + returned);
      view = dealt;
      if (view.balance > 0) view = await quick(browser, "next");
    }
    // Out of points straight after the deal: the flag works before Next.
    const again = await quick(browser, "startOver");
    expect(again).toMatchObject({
      balance: 50 * POINT,
      phase: "betting",
      cardsLeft: view.cardsLeft,
    });
    expect(again.bets).toEqual({ playerPair: 0, player: 0, tie: 0, banker: 0, bankerPair: 0 });
  });
});

describe("quick hands in history, points apart from the wallet", () => {
  it("history.mine and history.recall list each dealt hand as a quick round; the wallet never moves", async () => {
    const browser = await signUp(api, "quick-history");
    const hands: QuickView[] = [];
    for (let i = 0; i < 3; i++) {
      await add(browser, "tie");
      await add(browser, "bankerPair");
      hands.push(await quick(browser, "deal"));
      await quick(browser, "next");
    }
    const recall = (await browser.trpc("query", "history.recall")).data as {
      rounds: RecalledRound[];
    };
    expect(recall.rounds.map((round) => round.roundId)).toEqual(
      hands.map((hand) => hand.lastHand!.handId).reverse(),
    );
    const [newest] = recall.rounds;
    const last = hands[2]!.lastHand!;
    expect(newest).toMatchObject({
      kind: "quick",
      phase: "settled",
      table: { slug: "quick-baccarat", game: "quick-baccarat" },
      cards: last.cards,
      outcome: last.outcome,
      balanceBefore: null,
      balanceAfter: null,
      quick: { hand: 3, pointsBefore: hands[1]!.balance, pointsAfter: hands[2]!.balance },
    });
    expect(newest!.bets.map(({ bet, stake, returned }) => ({ bet, stake, returned }))).toEqual(
      last.settlements.map(({ bet, stake, returned }) => ({ bet, stake, returned })),
    );
    const first = (await browser.trpc("query", "history.mine", { limit: 2 })).data as {
      rounds: RecalledRound[];
      nextCursor: string;
    };
    const rest = (await browser.trpc("query", "history.mine", { cursor: first.nextCursor }))
      .data as { rounds: RecalledRound[]; nextCursor: string | null };
    expect([...first.rounds, ...rest.rounds]).toEqual(recall.rounds);
    expect(rest.nextCursor).toBeNull();

    expect((await browser.trpc("query", "wallet.balance")).data).toMatchObject({
      balance: STARTING_GRANT,
    });
    const wallet = (await browser.trpc("query", "wallet.history", {})).data as {
      entries: { kind: string }[];
    };
    expect(wallet.entries.map((entry) => entry.kind)).toEqual(["grant"]);
    expect(await checkBooks(api.db)).toMatchObject({ clean: true });
  });
});

describe("a restart of the game API", () => {
  it("continues exactly where the player was: the same state, cards left included, and play goes on", async () => {
    const browser = await signUp(api, "quick-restart");
    await add(browser, "player");
    await add(browser, "player");
    await quick(browser, "deal");
    await quick(browser, "next");
    await add(browser, "tie");
    const before = await quick(browser, "state");
    const shoe = (await storedQuickGame(api.db, await playerId(browser))).shoe;

    await api.stop();
    api = await startGameApi({ databaseUrl: database.url });
    const reloaded = browser.at(api.baseUrl);
    expect(await quick(reloaded, "state")).toEqual(before);
    expect((await storedQuickGame(api.db, await playerId(reloaded))).shoe).toEqual(shoe);

    const dealt = await quick(reloaded, "deal");
    expect(dealt).toMatchObject({ handsDealt: 2, phase: "dealt" });
    expect(dealt.cardsLeft).toBe(before.cardsLeft - dealt.lastHand!.cards.length);
    expect(dealt.lastHand!.cards.map((card) => card.card)).toEqual(
      Array.from(shoe.cards.subarray(shoe.position, shoe.position + dealt.lastHand!.cards.length)),
    );
  });
});
