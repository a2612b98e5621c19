import { JOKER, makeCard, rankOf } from "@fuda/shoe";
import type { Card } from "@fuda/shoe";
import fc from "fast-check";

import { POINT } from "./table";

const ALL_CARDS: Card[] = [JOKER];
for (let suit = 0; suit < 4; suit++)
  for (let rank = 1; rank <= 13; rank++) ALL_CARDS.push(makeCard(rank, suit));
/** Low cards, 7s and jokers: premiums, splits and long hands come up often. */
const RICH_CARDS: Card[] = [
  JOKER,
  JOKER,
  ...ALL_CARDS.filter((card) => [1, 2, 5, 6, 7, 8].includes(rankOf(card))),
];

/** `length` cards in shoe order: any cards, or rich in premiums and splits. */
export const shoeArb = (length: number): fc.Arbitrary<Card[]> =>
  fc.oneof(
    fc.array(fc.constantFrom(...ALL_CARDS), { minLength: length, maxLength: length }),
    fc.array(fc.constantFrom(...RICH_CARDS), { minLength: length, maxLength: length }),
  );

/** 1–7 distinct seats, 1–20 points staked, 0–100 points held now and at sit-down. */
export const seatsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 })
  .chain((numbers) =>
    fc.tuple(
      ...numbers.map((seat) =>
        fc.record({
          seat: fc.constant(seat),
          player: fc.constant(`p${seat}`),
          stake: fc.integer({ min: 1, max: 20 }).map((points) => points * POINT),
          sitDownBalance: fc.integer({ min: 0, max: 100 }).map((points) => points * POINT),
          balance: fc.integer({ min: 0, max: 100 }).map((points) => points * POINT),
        }),
      ),
    ),
  );
