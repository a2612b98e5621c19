/**
 * The rule codes the API answers (`error.data.details.rule`) are the contracts' (packages/contracts
 * `src/rules.ts`), in one style: refused calls as a browser makes them, through the router's
 * own error formatter, each answer's rules collected, nested ones (a slip's `refusals`) too.
 */
import { randomUUID } from "node:crypto";

import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { RULE, ruleCodeSchema } from "@fuda/contracts";
import type { RuleCode } from "@fuda/contracts";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { createBetDesk, sit } from "@fuda/live";
import type { BetDesk, EventHub } from "@fuda/live";
import { newPlayer, openRound } from "@fuda/live/testing";

import { appRouter } from "../src";
import type { Context } from "../src";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let desk: BetDesk;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  desk = createBetDesk({ db });
});
afterAll(async () => {
  await desk.close();
  await database.drop();
});

// The hub is another part's: these procedures never touch it.
const hub = {} as EventHub;

const QUERIES = new Set(["history.mine"]);

/** The `details` a player's call to `procedure` is refused with, as the browser reads them. */
async function refusedDetails(playerId: string, procedure: string, input: unknown) {
  const context: Context = { db, actor: { kind: "player", userId: playerId }, live: { desk, hub } };
  const response = await fetchRequestHandler({
    endpoint: "/trpc",
    // A query is a GET with its input in the URL, a mutation a POST with it in the body.
    req: QUERIES.has(procedure)
      ? new Request(`http://x/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`)
      : new Request(`http://x/trpc/${procedure}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(input),
        }),
    router: appRouter,
    createContext: () => context,
  });
  const body = (await response.json()) as {
    error?: { data?: { details?: Record<string, unknown> } };
  };
  if (body.error === undefined) throw new Error(`${procedure} was not refused`);
  return body.error.data?.details;
}

/** Every `rule` and `rules` entry anywhere in `details`. */
function rulesIn(details: unknown): unknown[] {
  if (Array.isArray(details)) return details.flatMap(rulesIn);
  if (typeof details !== "object" || details === null) return [];
  return Object.entries(details).flatMap(([key, value]: [string, unknown]) =>
    key === "rule" ? [value] : key === "rules" ? [value].flat() : rulesIn(value),
  );
}

/** Our rule codes' one style, the reasons' own (BAD_INPUT). */
const STYLE = /^[A-Z][A-Z0-9_]*$/;

describe("the API's rule codes", () => {
  it("every refusal names its rule in the contracts' enum, in SCREAMING_SNAKE_CASE", async () => {
    const player = await newPlayer(db);
    const baccarat = await openRound(db, "baccarat-a");
    const pokDeng = await openRound(db, "pok-deng");
    const blackjack = await openRound(db, "joker-blackjack");
    const other = await newPlayer(db);
    await sit(db, { playerId: other, tableId: blackjack.tableId, seat: 5 });
    const place = (roundId: string, bets: unknown[]) => ({
      roundId,
      requestId: randomUUID(),
      bets,
    });
    const refusals: [procedure: string, input: unknown, rule: RuleCode][] = [
      ["bets.place", place(baccarat.roundId, [{ bet: "tie", amount: 200_000 }]), RULE.ABOVE_MAX],
      ["bets.place", place(baccarat.roundId, [{ bet: "tie", amount: 500 }]), RULE.BELOW_MIN],
      [
        "bets.place",
        place(pokDeng.roundId, [{ bet: "seat", seat: 6, amount: 1_000 }]),
        RULE.UNKNOWN_SEAT,
      ],
      [
        "bets.place",
        place(blackjack.roundId, [{ bet: "main", seat: 3, amount: 1_000 }]),
        RULE.NOT_YOUR_SEAT,
      ],
      ["bets.place", place(baccarat.roundId, [{ bet: "tie", amount: "ten" }]), RULE.INVALID_TYPE],
      ["seats.sit", { tableId: blackjack.tableId, seat: 0 }, RULE.TOO_SMALL],
      ["seats.sit", { tableId: blackjack.tableId, seat: 8 }, RULE.OUT_OF_RANGE],
      ["seats.leave", { tableId: blackjack.tableId, seat: 2 }, RULE.NOT_SEATED],
      ["seats.sit", { tableId: blackjack.tableId, seat: 5 }, RULE.SEAT_TAKEN],
      [
        "actions.act",
        { roundId: blackjack.roundId, seat: 1, action: "hit", requestId: randomUUID() },
        RULE.NOT_DEALING,
      ],
      [
        "actions.act",
        { roundId: baccarat.roundId, seat: 1, action: "hit", requestId: randomUUID() },
        RULE.NO_DECISIONS,
      ],
      ["history.mine", { cursor: "not-a-cursor" }, RULE.BAD_CURSOR],
      ["quick.add", { spot: "dragon" }, RULE.INVALID_VALUE],
      ["quick.deal", undefined, RULE.NO_BETS],
    ];

    const answered: unknown[] = [];
    for (const [procedure, input, rule] of refusals) {
      const details = await refusedDetails(player, procedure, input);
      expect({ procedure, rule: details?.rule }).toEqual({
        procedure,
        rule,
      });
      answered.push(...rulesIn(details));
    }
    expect(answered.length).toBeGreaterThanOrEqual(refusals.length);
    for (const rule of answered) {
      expect(ruleCodeSchema.safeParse(rule).success, `${String(rule)} is in the enum`).toBe(true);
      expect(rule).toMatch(STYLE);
    }
  });
});
