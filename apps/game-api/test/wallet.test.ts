/**
 * Points over HTTP: the starting grant, a guest's points carried over when they sign up, and a
 * player's own history a page at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { checkBooks, reserve, STARTING_GRANT } from "@fuda/ledger";

import type { Browser, GameApi } from "./http";
import { email, PASSWORD, signUp, startGameApi } from "./http";

let api: GameApi;
beforeAll(async () => {
  api = await startGameApi();
});
afterAll(() => api.stop());

async function balanceOf(browser: Browser): Promise<number> {
  const reply = await browser.trpc("query", "wallet.balance");
  expect(reply.status).toBe(200);
  return (reply.data as { balance: number }).balance;
}

interface Page {
  entries: { id: string; kind: string; amount: number; balanceAfter: number }[];
  nextCursor: string | null;
}

describe("wallet", () => {
  it("a new player holds 10,000 points, granted once, shown in their history", async () => {
    const browser = await signUp(api, "wallet-new");
    expect(STARTING_GRANT).toBe(10_000 * 100);
    expect(await balanceOf(browser)).toBe(STARTING_GRANT);
    const page = (await browser.trpc("query", "wallet.history", {})).data as Page;
    expect(page.entries).toMatchObject([
      { kind: "grant", amount: STARTING_GRANT, balanceAfter: STARTING_GRANT },
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it("a guest who signs up keeps the same balance, not a second grant", async () => {
    const browser = api.browser();
    expect((await browser.auth("sign-in/anonymous")).status).toBe(200);
    const guest = (await browser.actor()) as { userId: string };
    expect(await balanceOf(browser)).toBe(STARTING_GRANT);
    // The guest has played: 250 points are at stake in a round when they sign up.
    await reserve(api.db, { playerId: guest.userId, roundId: "r1", betId: "b1", amount: 25_000 });
    expect(await balanceOf(browser)).toBe(STARTING_GRANT - 25_000);

    const address = email("wallet-guest");
    const upgraded = await browser.auth("sign-up/email", {
      email: address,
      password: PASSWORD,
      name: "Kept Points",
    });
    expect(upgraded.status).toBe(200);
    expect(await balanceOf(browser)).toBe(STARTING_GRANT - 25_000);
    const page = (await browser.trpc("query", "wallet.history", {})).data as Page;
    expect(page.entries.map((entry) => entry.kind)).toEqual(["carry_over"]);
    expect((await checkBooks(api.db)).clean).toBe(true);
  });

  it("pages through the player's own entries newest first, with no gap or repeat", async () => {
    const browser = await signUp(api, "wallet-pages");
    const { userId } = (await browser.actor()) as { userId: string };
    for (let bet = 1; bet <= 5; bet++) {
      await reserve(api.db, {
        playerId: userId,
        roundId: "p",
        betId: `b${bet}`,
        amount: bet * 100,
      });
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = (await browser.trpc("query", "wallet.history", { cursor, limit: 2 }))
        .data as Page;
      seen.push(...page.entries.map((entry) => entry.amount));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual([-500, -400, -300, -200, -100, STARTING_GRANT]);
  });

  it("refuses a bad page request naming the field, and answers only to players", async () => {
    const browser = await signUp(api, "wallet-bad");
    const tooMany = await browser.trpc("query", "wallet.history", { limit: 1_000 });
    expect(tooMany).toMatchObject({ status: 400, code: "BAD_REQUEST" });
    expect(tooMany.message).toMatch(/limit/);
    const badCursor = await browser.trpc("query", "wallet.history", { cursor: "-1" });
    expect(badCursor).toMatchObject({ status: 400, code: "BAD_REQUEST" });
    expect(badCursor.message).toMatch(/cursor/);
    expect(await api.browser().trpc("query", "wallet.balance")).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
    });
  });
});
