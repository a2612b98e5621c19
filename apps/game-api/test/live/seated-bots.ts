/**
 * Seated bot players for the joker blackjack tests: each holds one seat, bets in every betting
 * window and acts on its own turns from what `tables.get` shows it (the legal actions and the
 * timer), after a short think, or lets its timer run out now and then. A failed call is never
 * the end — the crash test kills the game API under them — the bot reads the table again a moment
 * later, as a person's page would.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

import type { Db } from "@fuda/db";
import { seed } from "@fuda/db";

import type { Browser } from "../http";

/**
 * Seeds the tables and leaves joker blackjack the only one dealing (the others closed), with
 * `actionSeconds` for a decision and `status` (PAUSED: it opens no round until the test reopens
 * it). Returns its id.
 */
export async function onlyJokerBlackjack(
  db: Db,
  { actionSeconds, status = "OPEN" }: { actionSeconds: number; status?: "OPEN" | "PAUSED" },
): Promise<string> {
  await seed(db);
  await db.table.updateMany({
    where: { slug: { not: "joker-blackjack" } },
    data: { status: "CLOSED" },
  });
  const table = await db.table.update({
    where: { slug: "joker-blackjack" },
    data: { status, settings: { seats: 7, actionSeconds } },
  });
  return table.id;
}

interface PendingView {
  seat: number;
  hand: number;
  kind: string;
  actions: string[];
  actsBy: string | null;
}

interface RoundView {
  id: string;
  phase: string;
  pending: PendingView | null;
}

export interface SeatedBot {
  browser: Browser;
  seat: number;
  /** The actions it takes when legal, in this order, turned by one on each turn. */
  preferences: readonly string[];
  /** Lets its timer run out on every `idleEvery`-th decision, restarted timers included. */
  idleEvery?: number;
}

export interface SeatedPlay {
  /** Actions the game API took, by name. */
  taken: Map<string, number>;
  /** Answers other than 200, as `procedure status message`. */
  refused: string[];
  /** Calls that got no answer (the game API was down). */
  unanswered: number;
}

/** The actions each of three bots prefers: between them every kind comes up. */
const PREFERENCES: readonly (readonly string[])[] = [
  ["split", "double", "evenMoney", "hit", "stand"],
  ["insurance", "surrender", "hit", "stand"],
  ["declineInsurance", "double", "stand", "hit"],
];

/**
 * Sits each browser at the table, at seats 1, 2, 3…, each with its own preferences; the second
 * lets its timer run out on every `idleEvery`-th decision.
 */
export async function seatBots(
  browsers: readonly Browser[],
  tableId: string,
  { idleEvery }: { idleEvery: number },
): Promise<SeatedBot[]> {
  const bots: SeatedBot[] = [];
  for (const [i, browser] of browsers.entries()) {
    const seat = i + 1;
    const sat = await browser.trpc("mutation", "seats.sit", { tableId, seat });
    if (sat.status !== 200) throw new Error(`seats.sit ${seat}: ${sat.status} ${sat.message}`);
    const preferences = PREFERENCES[i % PREFERENCES.length]!;
    bots.push({ browser, seat, preferences, ...(seat === 2 ? { idleEvery } : {}) });
  }
  return bots;
}

async function play(
  bot: SeatedBot,
  { slug, stake, signal, thinkMs, play: tally }: PlayOptions & { play: SeatedPlay },
): Promise<void> {
  let betOn = "";
  let decided = "";
  let turns = 0;
  const idling = new Set<string>();
  while (!signal.aborted) {
    try {
      const reply = await bot.browser.trpc("query", "tables.get", { slug });
      const round = (reply.data as { round: RoundView | null } | undefined)?.round ?? null;
      if (round?.phase === "betting" && betOn !== round.id) {
        // The same request id until it is answered: a bet sent as the API died is placed once.
        const placed = await bot.browser.trpc("mutation", "bets.place", {
          roundId: round.id,
          bets: [{ bet: "main", seat: bot.seat, amount: stake }],
          requestId: `bet-${round.id}-${bot.seat}`,
        });
        // Sent again, the same request, when no judgment came (the API or its database away) or
        // it came between a window's end and its restart (a round waiting for a bet).
        const again = placed.status >= 500 || placed.reason === "BETTING_CLOSED";
        if (!again) betOn = round.id;
        if (placed.status !== 200)
          tally.refused.push(`bets.place ${placed.status} ${placed.message}`);
      }
      const pending = round?.pending;
      // A decision is one seat's hand, on one timer: a timer started again is a new turn.
      const turn = `${round?.id}/${pending?.hand}/${pending?.kind}/${pending?.actsBy}`;
      if (round && pending?.seat === bot.seat && turn !== decided) {
        decided = turn;
        turns += 1;
        const decision = `${round.id}/${pending.hand}/${pending.kind}`;
        if (bot.idleEvery !== undefined && turns % bot.idleEvery === 0) idling.add(decision);
        if (!idling.has(decision)) {
          await sleep(thinkMs[0] + Math.random() * (thinkMs[1] - thinkMs[0]));
          const order = bot.preferences.map(
            (_, k) => bot.preferences[(k + turns) % bot.preferences.length]!,
          );
          const action =
            order.find((preferred) => pending.actions.includes(preferred)) ?? pending.actions[0]!;
          const acted = await bot.browser.trpc("mutation", "actions.act", {
            roundId: round.id,
            seat: bot.seat,
            action,
            requestId: randomUUID(),
          });
          if (acted.status === 200) tally.taken.set(action, (tally.taken.get(action) ?? 0) + 1);
          else tally.refused.push(`actions.act ${acted.status} ${acted.message}`);
        }
      }
    } catch {
      tally.unanswered += 1;
    }
    await sleep(40, undefined, { signal }).catch(() => undefined);
  }
}

interface PlayOptions {
  slug: string;
  /** Each seat's main bet every round, minor units. */
  stake: number;
  signal: AbortSignal;
  /** How long a bot thinks before it acts, from–to ms. */
  thinkMs: [number, number];
}

/** Plays every bot until `signal` aborts; what they did, together. */
export async function playSeated(
  bots: readonly SeatedBot[],
  options: PlayOptions,
): Promise<SeatedPlay> {
  const tally: SeatedPlay = { taken: new Map(), refused: [], unanswered: 0 };
  await Promise.all(bots.map((bot) => play(bot, { ...options, play: tally })));
  return tally;
}
