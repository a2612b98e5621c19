import { parseCard } from "@fuda/shoe";

import type { PokDengRound, TwoCards } from "../../src/pok-deng";

export const cards = (text: string): TwoCards => {
  const [first, second] = text.split(" ").map(parseCard);
  return [first!, second!];
};

/** A round with the given Player 1 and Banker hands; the other seats hold 2♠3♠ (a flush 5). */
export const roundWith = (player1: string, banker: string): PokDengRound => ({
  players: [cards(player1), ...Array.from({ length: 4 }, () => cards("2♠ 3♠"))],
  banker: cards(banker),
});
