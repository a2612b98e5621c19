import { z } from "zod";

import {
  chatMutes,
  deleteChatLine,
  moderatedLines,
  muteChatWriter,
  unmuteChatWriter,
} from "../../domain/chat-moderation";
import { operatorProcedure, router } from "../../trpc";
import { chatLineOutput } from "../chat";
import { reasonSchema } from "./tables.schemas";

const userIdSchema = z
  .string({ error: "userId: a player id" })
  .min(1, { error: "userId: a player id" })
  .max(200, { error: "userId: a player id" });

const lineIdSchema = z
  .string({ error: "messageId: a chat line id" })
  .regex(/^[0-9]{1,19}$/, { error: "messageId: a chat line id" });

const muteOutput = z.object({
  userId: z.string(),
  name: z.string(),
  until: z.iso.datetime().nullable().describe("Null: banned from chat until lifted."),
  reason: z.string().nullable(),
  by: z.string(),
  createdAt: z.iso.datetime(),
});

/** A week: longer is a ban. */
const MAX_MUTE_MINUTES = 10_080;

/** Moderation of every table's chat (docs/chat.md, Moderation); every change audited. */
export const chatRouter = router({
  list: operatorProcedure
    .input(
      z.object({
        tableId: z.uuid({ error: "tableId: a table id (a UUID)" }).optional(),
        userId: userIdSchema.optional(),
        cursor: lineIdSchema.optional(),
        limit: z
          .number({ error: "limit: a whole number" })
          .int({ error: "limit: a whole number" })
          .min(1, { error: "limit: from 1 to 200" })
          .max(200, { error: "limit: from 1 to 200" })
          .optional(),
      }),
    )
    .output(
      z.object({
        lines: z.array(
          chatLineOutput.extend({
            tableSlug: z.string(),
            tableName: z.string(),
            deletedAt: z.iso.datetime().nullable(),
            deletedBy: z.string().nullable(),
          }),
        ),
        nextCursor: z.string().nullable(),
      }),
    )
    .query(({ ctx, input }) => moderatedLines({ db: ctx.db, ...input })),
  delete: operatorProcedure
    .input(z.object({ messageId: lineIdSchema, reason: reasonSchema }))
    .output(z.object({ messageId: z.string(), deletedAt: z.iso.datetime() }))
    .mutation(({ ctx, input }) =>
      deleteChatLine({ db: ctx.db, actorId: ctx.actor.userId, ...input }),
    ),
  mute: operatorProcedure
    .input(
      z.object({
        userId: userIdSchema,
        minutes: z
          .number({ error: "minutes: a whole number" })
          .int({ error: "minutes: a whole number" })
          .min(1, { error: `minutes: from 1 to ${MAX_MUTE_MINUTES}` })
          .max(MAX_MUTE_MINUTES, { error: `minutes: from 1 to ${MAX_MUTE_MINUTES}` }),
        reason: reasonSchema,
      }),
    )
    .output(muteOutput)
    .mutation(({ ctx, input }) =>
      muteChatWriter({ db: ctx.db, actorId: ctx.actor.userId, ...input }),
    ),
  ban: operatorProcedure
    .input(z.object({ userId: userIdSchema, reason: reasonSchema }))
    .output(muteOutput)
    .mutation(({ ctx, input }) =>
      muteChatWriter({ db: ctx.db, actorId: ctx.actor.userId, ...input, minutes: null }),
    ),
  unmute: operatorProcedure
    .input(z.object({ userId: userIdSchema, reason: reasonSchema }))
    .output(z.object({ userId: z.string() }))
    .mutation(({ ctx, input }) =>
      unmuteChatWriter({ db: ctx.db, actorId: ctx.actor.userId, ...input }),
    ),
  mutes: operatorProcedure
    .output(z.object({ mutes: z.array(muteOutput) }))
    .query(({ ctx }) => chatMutes({ db: ctx.db })),
});
