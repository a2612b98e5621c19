/**
 * Joker blackjack at the seeded seated table, for tests over HTTP: decks written hand by hand and
 * stacked in the deal's order, and the round as `tables.get` shows it to a player.
 */
import type { Card } from "@fuda/shoe";
import { parseCard } from "@fuda/shoe";

import type { Browser } from "./http";

export const SLUG = "joker-blackjack";

const cards = (text: string): Card[] =>
  text.trim() === "" ? [] : text.trim().split(/\s+/).map(parseCard);

/**
 * The shoe for one round in the deal's order (docs/rules/joker-blackjack.md, Deal): each seat's
 * first card, the up card, each seat's second card, the hole card, then the cards drawn after.
 * Cards as "9H", "TC", "JK" (S H D C, T for 10, JK the joker).
 */
export function dealingOrder({
  seats,
  dealer,
  draws = "",
}: {
  seats: readonly string[];
  dealer: string;
  draws?: string;
}): Card[] {
  const hands = seats.map(cards);
  const [up, hole] = cards(dealer);
  return [
    ...hands.map((hand) => hand[0]!),
    up!,
    ...hands.map((hand) => hand[1]!),
    hole!,
    ...cards(draws),
  ];
}

export interface Pending {
  seat: number;
  hand: number;
  kind: string;
  actions: string[];
  actsBy: string | null;
}

export interface RoundView {
  id: string;
  phase: string;
  cards: { position: string; card: number }[];
  pending: Pending | null;
}

/** The table's round as `tables.get` shows it to `browser`. */
export async function roundShown(browser: Browser): Promise<RoundView | null> {
  const reply = await browser.trpc("query", "tables.get", { slug: SLUG });
  if (reply.status !== 200) throw new Error(`tables.get: ${reply.status} ${reply.message}`);
  return (reply.data as { round: RoundView | null }).round;
}
