import { z } from "zod";

import { baccarat } from "@fuda/rules";

const minorUnits = z.number().int().describe("Minor units: 100 are 1 point.");
const spotNames = baccarat.QUICK_SPOTS.join(", ");

export const quickAddInput = z.object(
  {
    spot: z.enum(baccarat.QUICK_SPOTS as [baccarat.QuickSpot, ...baccarat.QuickSpot[]], {
      error: `spot: one of ${spotNames}`,
    }),
  },
  { error: `spot: one of ${spotNames}` },
);

const perSpot = z.object(
  Object.fromEntries(baccarat.QUICK_SPOTS.map((spot) => [spot, minorUnits])) as Record<
    baccarat.QuickSpot,
    typeof minorUnits
  >,
);

const card = z.object({ position: z.string(), card: z.number().int(), label: z.string() });

const outcome = z.object({
  code: z.number().int(),
  playerCards: z.array(z.number().int()).readonly(),
  bankerCards: z.array(z.number().int()).readonly(),
  playerTotal: z.number().int(),
  bankerTotal: z.number().int(),
  winner: z.enum(["player", "banker", "tie"]),
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
  playerNatural: z.boolean(),
  bankerNatural: z.boolean(),
  bankerSixCards: z.number().int(),
});

/** A player's quick game: never the order of the cards still in the shoe. */
export const quickViewOutput = z.object({
  balance: minorUnits.describe("Quick points held, not counting the spots: never the wallet."),
  bets: perSpot.describe("Points on each spot this round."),
  phase: z.enum(["betting", "dealt"]),
  handsDealt: z.number().int(),
  cardsLeft: z.number().int().describe("Cards still in the player's 520-card shoe."),
  lastHand: z
    .object({
      handId: z.string().describe("The hand's roundId in history.mine and history.recall."),
      cards: z.array(card).describe("In deal order."),
      outcome,
      settlements: z.array(
        z.object({
          bet: z.string(),
          stake: minorUnits,
          returned: minorUnits.describe("Stake included; 0 when the spot lost."),
          net: minorUnits,
        }),
      ),
    })
    .nullable()
    .describe("The hand last dealt, shown until the next deal."),
});
