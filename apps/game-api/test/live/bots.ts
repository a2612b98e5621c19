/**
 * Bot players for the live-table tests: guests who sign in over HTTP and bet on whatever round
 * is open, the way a person clicking chips would — random bets of the game's catalog within the
 * table's limits, now and then the same request twice or an undo, and a slip that got no answer
 * sent again with its request id. They find the open round in the database (they are a test's
 * hands, not a client), and they never stop for a failed call: a game API being killed and
 * restarted under them is the point. They bet at the shared tables only, so a seated table (joker
 * blackjack) has no bettor and its round waits for a bet, dealing nothing.
 */
import { setTimeout as sleep } from "node:timers/promises";

import type { Db } from "@fuda/db";
import { definitionOf } from "@fuda/live";
import type { LiveBet, TableGameDefinition, TableLimits } from "@fuda/rules";

import { until } from "@fuda/testkit";

import { Browser } from "../http";

export interface BotStats {
  calls: number;
  placed: number;
  replayed: number;
  undone: number;
  /** Refusals by the domain's code (BETTING_CLOSED, …) and transport failures ("network"). */
  refused: Record<string, number>;
}

/** A guest signed in at `baseUrl` (the game API gives them their starting points). */
export async function guest(baseUrl: string): Promise<Browser> {
  const browser = new Browser(baseUrl);
  const reply = await browser.auth("sign-in/anonymous");
  if (reply.status !== 200) throw new Error(`guest sign-in failed: ${JSON.stringify(reply.body)}`);
  return browser;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One to three bets of the round's offered catalog, each between 1× and 3× its minimum. */
export function randomSlip(
  definition: TableGameDefinition,
  round: number,
  limits: TableLimits,
): LiveBet[] {
  const offered = new Set(definition.betsOffered(round));
  const specs = definition.bets.filter((spec) => offered.has(spec.id) && limits[spec.id]);
  const slip: LiveBet[] = [];
  const count = 1 + Math.floor(Math.random() * 3);
  for (let i = 0; i < count; i++) {
    const spec = pick(specs);
    const seat = spec.seats.length > 0 ? pick(spec.seats) : undefined;
    if (slip.some((bet) => bet.bet === spec.id && bet.seat === seat)) continue;
    const amount = limits[spec.id]!.min * (1 + Math.floor(Math.random() * 3));
    slip.push({ bet: spec.id, amount, ...(seat === undefined ? {} : { seat }) });
  }
  return slip;
}

interface OpenRound {
  id: string;
  number: number;
  game: "BACCARAT" | "POK_DENG" | "QUICK_BACCARAT" | "JOKER_BLACKJACK";
  variant: string;
  limits: TableLimits;
}

interface BetInput {
  roundId: string;
  bets: LiveBet[];
  requestId: string;
}

const openRounds = (db: Db) =>
  db.$queryRaw<OpenRound[]>`
    SELECT r.id, r.number, t.game, t.variant, t.limits FROM rounds r JOIN tables t ON t.id = r.table_id
    WHERE r.phase = 'betting' AND r.betting_closes_at > now()
      -- The shared tables: a seated table takes bets from the players sitting at it.
      AND t.settings->>'seats' IS NULL`;

/**
 * Bets until `signal` aborts; each bot on its own loop, all sharing the stats (pass `stats` to
 * read them while the bots play).
 */
export async function runBots({
  bots,
  db,
  signal,
  pauseMs = [20, 120],
  stats = { calls: 0, placed: 0, replayed: 0, undone: 0, refused: {} },
}: {
  bots: readonly Browser[];
  db: Db;
  signal: AbortSignal;
  pauseMs?: [number, number];
  stats?: BotStats;
}): Promise<BotStats> {
  const refuse = (code: string) => {
    stats.refused[code] = (stats.refused[code] ?? 0) + 1;
  };
  let request = 0;
  /** Sends a slip; false when no answer came that the bot can trust (the API or its database away). */
  async function send(bot: Browser, input: BetInput): Promise<boolean> {
    stats.calls++;
    const reply = await bot.trpc("mutation", "bets.place", input);
    if (reply.status === 200) {
      if ((reply.data as { replayed: boolean }).replayed) stats.replayed++;
      else stats.placed++;
      return true;
    }
    refuse(reply.reason ?? reply.code ?? String(reply.status));
    return reply.status < 500;
  }
  async function play(bot: Browser): Promise<void> {
    // A slip sent without an answer (a crash, an outage) goes again with the same request id while
    // its round takes bets, as a person's page would resend it: placed once, never twice.
    let unanswered: BetInput | null = null;
    while (!signal.aborted) {
      try {
        const rounds = await openRounds(db);
        const resend: BetInput | null = rounds.some((round) => round.id === unanswered?.roundId)
          ? unanswered
          : null;
        unanswered = null;
        if (resend !== null) {
          unanswered = resend;
          if (await send(bot, resend)) unanswered = null;
        } else if (rounds.length > 0) {
          const round = pick(rounds);
          const definition = definitionOf(round)!;
          const input: BetInput = {
            roundId: round.id,
            bets: randomSlip(definition, round.number, round.limits),
            requestId: `bot-${process.pid}-${++request}`,
          };
          // Now and then the same request twice on purpose: the second is a replay.
          const times = Math.random() < 0.1 ? 2 : 1;
          unanswered = input;
          for (let t = 0; t < times; t++) {
            if (await send(bot, input)) unanswered = null;
          }
          if (Math.random() < 0.05) {
            stats.calls++;
            const reply = await bot.trpc("mutation", "bets.undo", { roundId: round.id });
            if (reply.status === 200) stats.undone++;
            else refuse(reply.reason ?? reply.code ?? String(reply.status));
          }
        }
      } catch {
        // The game API (or the database) is away: a person would click again a moment later.
        refuse("network");
      }
      const [low, high] = pauseMs;
      await sleep(low + Math.random() * (high - low), undefined, { signal }).catch(() => undefined);
    }
  }
  await Promise.all(bots.map(play));
  return stats;
}

export { until };

/** Pauses every table and waits until none has a round betting or being dealt. */
export async function quiesce(db: Db, ms = 60_000): Promise<void> {
  await db.table.updateMany({ data: { status: "PAUSED" } });
  await until(
    "every round to end",
    async () =>
      (await db.round.count({ where: { phase: { in: ["betting", "dealing"] } } })) === 0
        ? true
        : undefined,
    ms,
  );
}

/**
 * The tables the bots bet at, the shared ones (baccarat, Pok Deng): their rounds settle. A seated
 * table's round waits for a bet (docs/rules/live-tables.md, Round phases) and settles none here.
 */
export const sharedTableIds = async (db: Db): Promise<string[]> =>
  (
    await db.table.findMany({
      where: { game: { in: ["BACCARAT", "POK_DENG"] } },
      select: { id: true },
      orderBy: { id: "asc" },
    })
  ).map((table) => table.id);

/** Whether, since `since`, rounds settled at every shared table and at no other. */
export async function sharedTablesSettled(db: Db, since: Date): Promise<boolean> {
  const tables = await db.round.groupBy({
    by: ["tableId"],
    where: { phase: "settled", settledAt: { gt: since } },
  });
  const settled = tables.map((table) => table.tableId).sort();
  return JSON.stringify(settled) === JSON.stringify(await sharedTableIds(db));
}

/** Rounds that ended (settled or cancelled), every table. */
export const finishedRounds = (db: Db): Promise<number> =>
  db.round.count({ where: { phase: { in: ["settled", "cancelled"] } } });
