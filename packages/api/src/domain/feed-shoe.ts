/**
 * A shoe as partners see it: the players' shoe page (`getShoe`: the commitment from the start,
 * the reveal only once the shoe has ended) and whether it verifies, checked with @fuda/shoe's own
 * verifier, so a partner need not trust the feed's word for it. A studio shoe committed nothing
 * (its cards are physical): it never verifies, and `verification` says so once its recorded order
 * agrees with every card its rounds showed.
 */
import { z } from "zod";

import type { Db } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { verifyShoe } from "@fuda/shoe";

import { getShoe } from "./shoes";
import { shoeDetailSchema } from "./shoes.types";
import type { ShoeDetail } from "./shoes.types";

export const feedShoeInputSchema = z.object({
  id: z.uuid({ error: "id: a shoe id (a UUID)" }).describe("The shoe's id (a UUID)."),
});

export const feedShoeSchema = shoeDetailSchema
  .extend({
    verifies: z
      .boolean()
      .describe(
        "Once the shoe has ended: the reveal hashes to the commitment and every card a round " +
          "showed is the revealed order's card at its place. False while the shoe is in play, " +
          "and always for a studio shoe (`dealing: studio`), which has no commitment to check.",
      ),
    verification: z
      .string()
      .nullable()
      .describe(
        "Why the shoe does not verify, or null when it does. For an ended studio shoe whose " +
          "recorded order matches every card shown: `studio shoe: recorded order`.",
      ),
  })
  .meta({
    id: "Shoe",
    description: "A shoe's commitment, its reveal once ended, its finished rounds, and the check.",
  });

export type FeedShoe = z.infer<typeof feedShoeSchema>;

/** The verification of an ended studio shoe whose recorded order agrees with its rounds. */
export const STUDIO_RECORDED_ORDER = "studio shoe: recorded order";

/** Whether the reveal is the commitment's and the rounds showed the revealed order's cards. */
function verification(shoe: ShoeDetail): string | null {
  if (shoe.reveal === null) return "the shoe is in play: its order is revealed when it ends";
  if (shoe.dealing === "studio") {
    return shownCardsMismatch(shoe, shoe.reveal.cards) ?? STUDIO_RECORDED_ORDER;
  }
  const check = verifyShoe(shoe.commitment, shoe.reveal);
  if (!check.ok) return check.reason;
  return shownCardsMismatch(shoe, shoe.reveal.cards);
}

/** The first card a round showed that is not the order's card at its place, else null. */
function shownCardsMismatch(shoe: ShoeDetail, cards: string): string | null {
  const order = Buffer.from(cards, "hex");
  for (const round of shoe.rounds) {
    for (const taken of round.cards) {
      if (taken.kind === "shown" && order[taken.at] !== taken.card) {
        return `round ${round.number} showed card ${taken.card} at ${taken.at}, the order has ${order[taken.at]}`;
      }
    }
  }
  return null;
}

export async function getFeedShoe({ db, id }: { db: Db; id: string }): Promise<FeedShoe> {
  let shoe: ShoeDetail;
  try {
    shoe = await getShoe({ db, shoeId: id });
  } catch (error) {
    // The feed's path parameter is `id`: name it, not the players' API's `shoeId`.
    if (error instanceof FudaError && error.code === "NOT_FOUND") {
      throw new FudaError("NOT_FOUND", `id: no shoe "${id}"`, { field: "id", id });
    }
    throw error;
  }
  const reason = verification(shoe);
  return { ...shoe, verifies: reason === null, verification: reason };
}
