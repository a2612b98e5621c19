import { z } from "zod";

import { CHAT_ROLES } from "@fuda/contracts";
import { MAX_REQUEST_ID_LENGTH } from "@fuda/live";

import { chatHistory, sendChat } from "../domain/chat";
import { publicProcedure, router } from "../trpc";

const minorUnits = z.number().int().describe("Minor units: 100 are 1 point.");

const tableIdSchema = z.uuid({ error: "tableId: a table id (a UUID)" });

/** A chat line as `chat.history` and the `chat.message` event carry it. */
export const chatLineOutput = z.object({
  id: z.string().describe("The line's id: a table's lines are ordered by it."),
  tableId: z.string(),
  userId: z.string(),
  name: z.string(),
  role: z.enum(CHAT_ROLES),
  text: z.string(),
  at: z.iso.datetime(),
});

const sendInput = z.object({
  tableId: tableIdSchema,
  // Checked again after normalisation (domain/chat.ts): what counts is what is stored.
  text: z.string({ error: "text: words" }).max(2_000, { error: "text: at most 200 characters" }),
  requestId: z
    .string({ error: "requestId: a string" })
    .min(1, { error: `requestId: 1 to ${MAX_REQUEST_ID_LENGTH} characters` })
    .max(MAX_REQUEST_ID_LENGTH, { error: `requestId: 1 to ${MAX_REQUEST_ID_LENGTH} characters` }),
});

const sendOutput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("message"), line: chatLineOutput }),
  z.object({
    kind: z.literal("bet"),
    roundId: z.string(),
    seat: z.number().int(),
    amount: minorUnits.describe("The main bet placed by the comment."),
    balance: minorUnits,
  }),
  z.object({
    kind: z.literal("action"),
    roundId: z.string(),
    seat: z.number().int(),
    hand: z.number().int(),
    action: z.string(),
    balance: minorUnits,
  }),
]);

const historyInput = z.object({
  tableId: tableIdSchema,
  cursor: z.string({ error: "cursor: a nextCursor from a previous page" }).optional(),
  limit: z
    .number({ error: "limit: a whole number" })
    .int({ error: "limit: a whole number" })
    .min(1, { error: "limit: from 1 to 100" })
    .max(100, { error: "limit: from 1 to 100" })
    .optional(),
});

/**
 * A table's chat (docs/chat.md): everyone reads, signed-in players, the table's dealers and
 * operators write. At joker blackjack a seated player's number or decision word bets or acts.
 */
export const chatRouter = router({
  send: publicProcedure
    .input(sendInput)
    .output(sendOutput)
    .mutation(({ ctx, input }) =>
      sendChat({ db: ctx.db, live: ctx.live, actor: ctx.actor, input }),
    ),
  history: publicProcedure
    .input(historyInput)
    .output(z.object({ lines: z.array(chatLineOutput), nextCursor: z.string().nullable() }))
    .query(({ ctx, input }) => chatHistory({ db: ctx.db, ...input })),
});
