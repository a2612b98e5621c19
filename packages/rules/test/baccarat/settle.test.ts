import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { BetId, Variant } from "../../src/baccarat";
import { BET_IDS, betsOf, dealRound, settle, settleBet } from "../../src/baccarat";
import { isWholePoints, POINT, winnings } from "../../src/money";
import { anyCard, dealt } from "./cards";

const STAKE = 10 * POINT;

/** Hand-built rounds (cards in deal order) covering every bet's win, loss and push. */
const ROUNDS = {
  playerNaturalWins: "4S 3H 5D 4C", // Player 9 (natural) beats 7
  bankerSixOnTwoCards: "2S 3H 3D 3C KS", // Banker 6 on 2 cards beats 5; Banker pair 3-3
  bankerSixOnThreeCards: "2S 3H 2D KC 7S 3H", // Banker 6 on 3 cards beats 1; Player pair 2-2
  naturalTie: "9S 8H 9D KC", // 8-8 naturals; Player pair 9-9
  bankerNaturalWins: "KS 4H QD 4C", // Banker 8 (natural) beats 0; Banker pair 4-4
  bankerNineOnThreeCards: "3S 2H 4D 2C 5S", // Banker 9 beats Player 7; Banker pair 2-2
  tieOnSix: "6S 3H KD 3C", // 6-6: the Banker's 6 does not win; Banker pair 3-3
} as const;

type RoundName = keyof typeof ROUNDS;

/** Returned (stake included) for a 10-point stake, per round, as [commission, no-commission, quick]. */
const EXPECTED: Record<RoundName, Record<BetId, number | readonly [number, number, number]>> = {
  playerNaturalWins: {
    player: 2000,
    banker: 0,
    tie: 0,
    playerPair: 0,
    bankerPair: 0,
    luckySix: 0,
    playerNatural: 4500,
    bankerNatural: 0,
  },
  bankerSixOnTwoCards: {
    player: 0,
    banker: [1950, 1500, 2000],
    tie: 0,
    playerPair: 0,
    bankerPair: 12000,
    luckySix: 13000,
    playerNatural: 0,
    bankerNatural: 0,
  },
  bankerSixOnThreeCards: {
    player: 0,
    banker: [1950, 1500, 2000],
    tie: 0,
    playerPair: 12000,
    bankerPair: 0,
    luckySix: 21000,
    playerNatural: 0,
    bankerNatural: 0,
  },
  naturalTie: {
    player: 1000,
    banker: 1000,
    tie: 9000,
    playerPair: 12000,
    bankerPair: 0,
    luckySix: 0,
    playerNatural: 4500,
    bankerNatural: 4500,
  },
  bankerNaturalWins: {
    player: 0,
    banker: [1950, 2000, 2000],
    tie: 0,
    playerPair: 0,
    bankerPair: 12000,
    luckySix: 0,
    playerNatural: 0,
    bankerNatural: 4500,
  },
  bankerNineOnThreeCards: {
    player: 0,
    banker: [1950, 2000, 2000],
    tie: 0,
    playerPair: 0,
    bankerPair: 12000,
    luckySix: 0,
    playerNatural: 0,
    bankerNatural: 0,
  },
  tieOnSix: {
    player: 1000,
    banker: 1000,
    tie: 9000,
    playerPair: 0,
    bankerPair: 12000,
    luckySix: 0,
    playerNatural: 0,
    bankerNatural: 0,
  },
};

const VARIANT_INDEX: Record<Variant, 0 | 1 | 2> = { commission: 0, "no-commission": 1, quick: 2 };

describe("settlement of every bet on hand-built rounds", () => {
  for (const [name, text] of Object.entries(ROUNDS) as [RoundName, string][]) {
    for (const variant of ["commission", "no-commission", "quick"] as const) {
      it(`${name} (${text}) on the ${variant} table`, () => {
        const outcome = dealt(text);
        for (const bet of betsOf(variant)) {
          const expected = EXPECTED[name][bet];
          const returned =
            typeof expected === "number" ? expected : expected[VARIANT_INDEX[variant]];
          expect(settleBet(variant, { bet, stake: STAKE }, outcome)).toEqual({
            bet,
            stake: STAKE,
            returned,
            net: returned - STAKE,
          });
        }
      });
    }
  }
});

describe("payout rules", () => {
  const onePoint = (variant: Variant, bet: BetId, round: RoundName) =>
    settleBet(variant, { bet, stake: POINT }, dealt(ROUNDS[round]));

  it("pays Banker 0.95:1 on the commission table: 1 point returns 195 units", () => {
    expect(onePoint("commission", "banker", "bankerNineOnThreeCards")).toMatchObject({
      returned: 195,
      net: 95,
    });
  });

  it("pays a no-commission Banker win with 6 at 1:2: 1 point returns 150 units", () => {
    expect(onePoint("no-commission", "banker", "bankerSixOnThreeCards")).toMatchObject({
      returned: 150,
      net: 50,
    });
  });

  it("pays Lucky Six 12:1 with two Banker cards and 20:1 with three", () => {
    expect(onePoint("commission", "luckySix", "bankerSixOnTwoCards").net).toBe(1200);
    expect(onePoint("commission", "luckySix", "bankerSixOnThreeCards").net).toBe(2000);
  });

  it("pays a natural 7:2: 1 point returns 450 units", () => {
    expect(onePoint("commission", "playerNatural", "playerNaturalWins").returned).toBe(450);
  });

  it("never rounds a payout: a stake that is not whole points at 0.95:1 is refused", () => {
    expect(() => winnings(1, { win: 19, per: 20 })).toThrow(/not a whole number of units/);
  });

  it("never pays a stake too large to count exactly: winnings beyond 2^53 units are refused", () => {
    // 2^53 × 8 is a float, not an exact count of units: paying it would round the money.
    expect(() => winnings(2 ** 53, { win: 8, per: 1 })).toThrow(/not a whole number of units/);
    expect(isWholePoints(1e20)).toBe(false);
    expect(isWholePoints(100 * 2 ** 40)).toBe(true);
  });
});

describe("settlement invariants", () => {
  const card = fc.tuple(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 0, max: 3 }));
  const shoe = fc
    .array(card, { minLength: 6, maxLength: 6 })
    .map((six) => six.map(([rank, suit]) => anyCard(rank, suit)));
  const stakes = fc.array(
    fc.record({
      bet: fc.constantFrom(...BET_IDS),
      stake: fc.integer({ min: 1, max: 10_000 }).map((points) => points * POINT),
    }),
    { maxLength: 8 },
  );
  const variant = fc.constantFrom<Variant>("commission", "no-commission");

  it("settles every bet once with an exact, non-negative return; Player and Banker push on a tie", () => {
    fc.assert(
      fc.property(shoe, stakes, variant, (six, bets, table) => {
        let next = 0;
        const outcome = dealRound(() => six[next++]!);
        const settlements = settle(table, bets, outcome);
        expect(settlements.map(({ bet, stake }) => ({ bet, stake }))).toEqual(bets);
        for (const { bet, stake, returned, net } of settlements) {
          expect(Number.isSafeInteger(returned) && returned >= 0).toBe(true);
          expect(net).toBe(returned - stake);
          if (outcome.winner === "tie" && (bet === "player" || bet === "banker")) {
            expect(returned).toBe(stake);
          }
        }
      }),
    );
  });
});
