import type { Db } from "./client";
import type { Game } from "./generated/prisma/client";

/**
 * A bet's stake limit in minor units (100 = 1 point). The database stores a table's limits as
 * plain JSON and knows no game: the demo tables' bet ids, limits and variants are checked
 * against the rule book by test/seed.test.ts (docs/architecture.md, Layers and the rule that keeps them).
 */
type StakeLimit = Readonly<Record<"min" | "max", number>>;

const points = (n: number) => n * 100;
const limit = (min: number, max: number): StakeLimit => ({ min: points(min), max: points(max) });

/** The eight live baccarat bets (docs/rules/baccarat.md, Bets and payouts). */
const baccaratLimits = {
  player: limit(10, 10_000),
  banker: limit(10, 10_000),
  tie: limit(10, 1_000),
  playerPair: limit(10, 1_000),
  bankerPair: limit(10, 1_000),
  luckySix: limit(10, 500),
  playerNatural: limit(10, 1_000),
  bankerNatural: limit(10, 1_000),
};

/** Each click adds 1 point, at most 5 points on a spot (docs/rules/quick-baccarat.md, Betting). */
const quickSpot = limit(1, 5);

export interface DemoTable {
  slug: string;
  game: Game;
  /** As every layer spells it: the rules', the API's, the feed's and the CLI's. */
  variant: string;
  name: string;
  /** Stored as `Table.limits`, read back through the rules' `tableLimitsSchema`. */
  limits: Readonly<Record<string, StakeLimit>>;
  countdownSeconds: number;
  /** Seated games' settings (docs/live-tables.md, Seats); none for the shared tables. */
  settings?: { seats: number };
}

/** One demo table per game and baccarat variant. */
export const demoTables: readonly DemoTable[] = [
  {
    slug: "baccarat-a",
    game: "BACCARAT",
    variant: "commission",
    name: "Baccarat A",
    limits: baccaratLimits,
    countdownSeconds: 20,
  },
  {
    slug: "baccarat-b",
    game: "BACCARAT",
    variant: "no-commission",
    name: "Baccarat B (No Commission)",
    limits: baccaratLimits,
    countdownSeconds: 20,
  },
  {
    slug: "quick-baccarat",
    game: "QUICK_BACCARAT",
    variant: "quick",
    name: "Quick Baccarat",
    limits: {
      player: quickSpot,
      banker: quickSpot,
      tie: quickSpot,
      playerPair: quickSpot,
      bankerPair: quickSpot,
    },
    // A single-player game with no betting countdown (docs/rules/quick-baccarat.md, The game).
    countdownSeconds: 0,
  },
  {
    slug: "pok-deng",
    game: "POK_DENG",
    variant: "five-seat",
    name: "Pok Deng",
    // Per seat: `seat` is the Player N bet (its deposit is not part of the stake limit).
    limits: { seat: limit(10, 5_000), seatPair: limit(10, 500) },
    countdownSeconds: 20,
  },
  {
    slug: "joker-blackjack",
    game: "JOKER_BLACKJACK",
    variant: "seven-seat",
    name: "Joker Blackjack",
    // The main stake is the seated player's bet in the window (double, split and insurance follow
    // it); `behind` is a stake on another player's seat (docs/rules/joker-blackjack.md, Bet Behind).
    limits: { main: limit(10, 5_000), behind: limit(10, 1_000) },
    countdownSeconds: 15,
    settings: { seats: 7 },
  },
];

/**
 * Creates the demo tables that are missing (by slug). Existing tables are left as they are, so
 * an operator's changes survive a restart; safe to run on every start, from several processes
 * at once (one `INSERT … ON CONFLICT DO NOTHING`).
 */
export async function seed(db: Db): Promise<{ tables: number }> {
  await db.table.createMany({
    data: demoTables.slice(),
    skipDuplicates: true,
  });
  return { tables: demoTables.length };
}
