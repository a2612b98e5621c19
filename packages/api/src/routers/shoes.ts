import { getShoe, listShoes } from "../domain/shoes";
import {
  shoeDetailSchema,
  shoesGetInput,
  shoesListInput,
  shoesPageSchema,
} from "../domain/shoes.types";
import { publicProcedure, router } from "../trpc";

/** Committed shoes, for anyone to check (docs/fairness.md). */
export const shoesRouter = router({
  /** A table's shoes (or every table's), newest first, the one in play included. */
  list: publicProcedure
    .input(shoesListInput)
    .output(shoesPageSchema)
    .query(({ ctx, input }) => listShoes({ db: ctx.db, table: input.table, cursor: input.cursor })),
  /** The commitment, the reveal once the shoe has ended, and the cards each round took. */
  get: publicProcedure
    .input(shoesGetInput)
    .output(shoeDetailSchema)
    .query(({ ctx, input }) => getShoe({ db: ctx.db, shoeId: input.shoeId })),
});
