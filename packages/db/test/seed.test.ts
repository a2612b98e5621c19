import { baccarat, jokerBlackjack, pokDeng, tableLimitsSchema } from "@fuda/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Game } from "../src/index";
import { demoTables, seed } from "../src/index";
import { createTestDatabase } from "../src/testing";
import type { TestDatabase } from "../src/testing";

describe("seed", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it("creates the five demo tables: two baccarat, quick baccarat, pok deng, joker blackjack", async () => {
    expect(await seed(database.db)).toEqual({ tables: 5 });
    const tables = await database.db.table.findMany({ orderBy: { slug: "asc" } });
    expect(tables.map((table) => [table.slug, table.game, table.variant, table.status])).toEqual([
      ["baccarat-a", "BACCARAT", "commission", "OPEN"],
      ["baccarat-b", "BACCARAT", "no-commission", "OPEN"],
      ["joker-blackjack", "JOKER_BLACKJACK", "seven-seat", "OPEN"],
      ["pok-deng", "POK_DENG", "five-seat", "OPEN"],
      ["quick-baccarat", "QUICK_BACCARAT", "quick", "OPEN"],
    ]);
  });

  it("is idempotent and keeps an operator's changes", async () => {
    await database.db.table.update({ where: { slug: "pok-deng" }, data: { status: "PAUSED" } });
    await seed(database.db);
    await seed(database.db);
    expect(await database.db.table.count()).toBe(5);
    const pokDeng = await database.db.table.findUniqueOrThrow({ where: { slug: "pok-deng" } });
    expect(pokDeng.status).toBe("PAUSED");
  });

  it("stores limits in minor units with min ≤ max for every bet type", async () => {
    for (const table of demoTables) {
      const stored = await database.db.table.findUniqueOrThrow({ where: { slug: table.slug } });
      expect(stored.limits).toEqual(table.limits);
      for (const { min, max } of Object.values(table.limits)) {
        expect(Number.isInteger(min) && Number.isInteger(max)).toBe(true);
        expect(min).toBeGreaterThan(0);
        expect(min).toBeLessThanOrEqual(max);
      }
    }
  });

  it("offers the rule book's bet ids: eight live baccarat bets, five quick spots of at most 5 points", () => {
    const bets = (slug: string) => Object.keys(demoTables.find((t) => t.slug === slug)!.limits);
    const live = ["player", "banker", "tie", "playerPair", "bankerPair", "luckySix"];
    expect(bets("baccarat-a")).toEqual([...live, "playerNatural", "bankerNatural"]);
    expect(bets("baccarat-b")).toEqual(bets("baccarat-a"));
    expect(bets("quick-baccarat")).toEqual(["player", "banker", "tie", "playerPair", "bankerPair"]);
    for (const spot of Object.values(demoTables.find((t) => t.slug === "quick-baccarat")!.limits)) {
      expect(spot).toEqual({ min: 100, max: 500 });
    }
    expect(bets("pok-deng")).toEqual(["seat", "seatPair"]);
    expect(bets("joker-blackjack")).toEqual(["main", "behind"]);
  });

  it("spells each variant and limit as its game's rules do", () => {
    const variants: Record<Game, readonly string[]> = {
      BACCARAT: baccarat.VARIANTS.filter((variant) => variant !== "quick"),
      QUICK_BACCARAT: ["quick"],
      POK_DENG: pokDeng.VARIANTS,
      JOKER_BLACKJACK: jokerBlackjack.VARIANTS,
    };
    for (const table of demoTables) {
      expect(variants[table.game]).toContain(table.variant);
      expect(tableLimitsSchema.parse(table.limits)).toEqual(table.limits);
    }
  });

  // The seed knows no game (docs/architecture.md, Layers): this is where its bets meet the rules.
  it("offers each game's bets as its rules name them", () => {
    const bets = (game: Game) => Object.keys(demoTables.find((t) => t.game === game)!.limits);
    expect(bets("BACCARAT")).toEqual([...baccarat.BET_IDS]);
    expect(bets("QUICK_BACCARAT")).toEqual([...baccarat.betsOf("quick")]);
    expect(bets("POK_DENG")).toEqual([...pokDeng.POK_DENG_BET_IDS]);
    expect(bets("JOKER_BLACKJACK")).toEqual([...jokerBlackjack.JOKER_BLACKJACK_BET_IDS]);
  });
});
