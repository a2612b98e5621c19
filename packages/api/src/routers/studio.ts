import { z } from "zod";

import { studioStateSchema } from "@fuda/contracts";
import {
  MAX_REQUEST_ID_LENGTH,
  studioCard,
  studioClose,
  studioCutCard,
  studioMistake,
  studioNewShoe,
  studioOpen,
  studioRelease,
  studioSkipBurns,
  studioState,
  studioTables,
  studioTakeBack,
} from "@fuda/live";

import { dealerProcedure, router } from "../trpc";

const tableId = z
  .string({ error: "tableId: a table id" })
  .min(1, { error: "tableId: a table id" })
  .max(64, { error: "tableId: at most 64 characters" });
const requestId = z
  .string({ error: "requestId: a string" })
  .min(1, { error: `requestId: 1 to ${MAX_REQUEST_ID_LENGTH} characters` })
  .max(MAX_REQUEST_ID_LENGTH, { error: `requestId: 1 to ${MAX_REQUEST_ID_LENGTH} characters` });
/** The browser tab's own id: a dealer's second tab is a second console (refused). */
const consoleId = z
  .string({ error: "consoleId: a string" })
  .min(1, { error: "consoleId: 1 to 64 characters" })
  .max(64, { error: "consoleId: 1 to 64 characters" })
  .optional();

const stepInput = z.object({ tableId, requestId, consoleId });

/** A studio step by the signed-in dealer: the domain checks the table is theirs. */
const step = (run: typeof studioOpen) =>
  dealerProcedure
    .input(stepInput)
    .output(studioStateSchema)
    .mutation(({ ctx, input }) => run(ctx.db, { ...input, dealerId: ctx.actor.userId }));

/**
 * The studio console (docs/studio.md): a dealer deals an assigned studio table from a physical
 * shoe. Each card is an input to the same steps the automatic dealer takes; the engine decides
 * what it may be and where it goes.
 */
export const studioRouter = router({
  /** The tables this dealer is assigned to. */
  tables: dealerProcedure
    .output(
      z.array(
        z.object({
          id: z.string(),
          slug: z.string(),
          name: z.string(),
          game: z.string(),
          variant: z.string(),
          status: z.string(),
          dealing: z.enum(["automatic", "studio"]),
        }),
      ),
    )
    .query(({ ctx }) => studioTables(ctx.db, ctx.actor.userId)),
  /** What the console shows; a console reading it holds the table (another is refused). */
  state: dealerProcedure
    .input(z.object({ tableId, consoleId }))
    .output(studioStateSchema)
    .query(({ ctx, input }) => studioState(ctx.db, { ...input, dealerId: ctx.actor.userId })),
  /** One card, as its code (`AS`, `TH`, `9C`, `JK`), typed or scanned. */
  card: dealerProcedure
    .input(
      z.object({
        tableId,
        card: z
          .string({ error: "card: a card code such as AS, TH, 9C or JK" })
          .max(16, { error: "card: a card code such as AS, TH, 9C or JK" }),
        requestId,
        consoleId,
      }),
    )
    .output(
      z.object({
        card: z.string().describe("The card's code."),
        position: z.string().describe("Where it went: player-1, banker-3, seat-4-2, burn…"),
        index: z.number().int().describe("Its place in the shoe, from 0."),
        replayed: z.boolean().describe("True when this requestId was entered before."),
        state: studioStateSchema,
      }),
    )
    .mutation(({ ctx, input }) => studioCard(ctx.db, { ...input, dealerId: ctx.actor.userId })),
  /** Takes back the last card (mistyped, misread) while nothing came after it. */
  takeBack: step(studioTakeBack),
  /** Opens betting on the next round (a new studio shoe needs its first card first). */
  open: step(studioOpen),
  /** No more bets (the countdown closes betting by itself too). */
  close: step(studioClose),
  /** The table's procedure skips the burn cards: they are not entered. */
  skipBurns: step(studioSkipBurns),
  /** The cut card came out: the round in play (or the next) is the shoe's last. */
  cutCard: step(studioCutCard),
  /** Ends the shoe between rounds; the next card entered is a new shoe's first. */
  newShoe: step(studioNewShoe),
  /** The console lets go of the table (the dealer leaves). */
  release: step(studioRelease),
  /**
   * A dealing mistake (joker blackjack's procedures): recorded for an operator to confirm in the
   * portal (`admin.rounds.rewind`, `unrecoverable`, `improperDeal`).
   */
  mistake: dealerProcedure
    .input(
      z.object({
        tableId,
        requestId,
        consoleId,
        kind: z.enum(["rewind", "unrecoverable", "improperDeal"], {
          error: "kind: rewind, unrecoverable or improperDeal",
        }),
        toStep: z.number().int().min(0, { error: "toStep: from 0" }).optional(),
        reason: z
          .string({ error: "reason: what happened" })
          .trim()
          .min(1, { error: "reason: what happened" })
          .max(500, { error: "reason: at most 500 characters" }),
      }),
    )
    .output(studioStateSchema)
    .mutation(({ ctx, input }) => studioMistake(ctx.db, { ...input, dealerId: ctx.actor.userId })),
});
