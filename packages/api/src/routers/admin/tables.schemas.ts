import { z } from "zod";

import { DEALING_MODES } from "@fuda/contracts";

import { gameNames } from "../../domain/tables.types";

export const tableIdSchema = z.uuid({ error: "tableId: a table id (a UUID)" });

/** Why, optional on every change; kept with its audit entry. */
export const reasonSchema = z
  .string({ error: "reason: words" })
  .trim()
  .max(500, { error: "reason: at most 500 characters" })
  .optional();

const amount = z.number({ error: "limits: each min and max a number of minor units" });

/**
 * Limits per bet id. The shape only: which bet ids a game takes, min ≤ max and no negative
 * amounts are the rules' check (domain/table-config.ts), so each refusal names its field.
 */
const limitsSchema = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, { error: "limits: bet ids are words" }),
    z.object({ min: amount, max: amount }),
  )
  .optional();

const settingsSchema = z
  .object({
    seats: z.number({ error: "settings.seats: a whole number" }).optional(),
    decks: z.number({ error: "settings.decks: a whole number" }).optional(),
    jokers: z.number({ error: "settings.jokers: a whole number" }).optional(),
    actionSeconds: z.number({ error: "settings.actionSeconds: a whole number" }).optional(),
    // Studio tables (docs/studio.md): the burn procedure and the silent console's alert.
    enterBurns: z.boolean({ error: "settings.enterBurns: true or false" }).optional(),
    silentSeconds: z.number({ error: "settings.silentSeconds: a whole number" }).optional(),
    // The table's chat (docs/chat.md): how long its lines are kept, and joker blackjack's chat bets.
    chatRetentionDays: z
      .number({ error: "settings.chatRetentionDays: a whole number of days" })
      .optional(),
    chatBets: z.boolean({ error: "settings.chatBets: true or false" }).optional(),
    // The shape only: which premiums there are and what each may pay are the rules' check
    // (domain/table-config.ts), so each refusal names its premium.
    payTable: z
      .object({
        premiums: z
          .record(
            z.string(),
            z.number({ error: "settings.payTable.premiums: each a number (the total return)" }),
          )
          .optional(),
        playerJoker: z
          .number({ error: "settings.payTable.playerJoker: a number (the total return)" })
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .optional();

const nameSchema = z
  .string({ error: "name: required" })
  .trim()
  .min(1, { error: "name: required" })
  .max(100, { error: "name: at most 100 characters" });

const countdownSchema = z.number({ error: "countdownSeconds: a whole number of seconds" });

/** Who deals the table; a change takes effect between rounds, with a new shoe. */
const dealingInput = z.enum(DEALING_MODES, {
  error: `dealing: one of ${DEALING_MODES.join(", ")}`,
});

/** A stream URL: http(s) only (a page loads it); null or "" clears it. */
const streamUrl = (field: string) =>
  z
    .url({ protocol: /^https?$/, error: `stream.${field}: an http or https URL` })
    .max(2_000, { error: `stream.${field}: at most 2000 characters` })
    .nullable()
    .optional()
    .or(z.literal("").transform(() => null));

/** The table's video (docs/studio.md, Video): the URLs named change, the others stay. */
const streamSchema = z
  .object({ hls: streamUrl("hls"), whep: streamUrl("whep"), poster: streamUrl("poster") })
  .strict()
  .optional();

export const updateTableInput = z.object({
  tableId: tableIdSchema,
  dealing: dealingInput.optional(),
  name: nameSchema.optional(),
  limits: limitsSchema,
  countdownSeconds: countdownSchema.optional(),
  settings: settingsSchema,
  stream: streamSchema,
  reason: reasonSchema,
});

export const createTableInput = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, {
    error: "slug: 2 to 63 lowercase letters, digits or dashes, starting with a letter or digit",
  }),
  game: z.enum(Object.values(gameNames), {
    error: `game: one of ${Object.values(gameNames).join(", ")}`,
  }),
  variant: z.string({ error: "variant: required" }).min(1, { error: "variant: required" }),
  name: nameSchema,
  limits: limitsSchema.unwrap(),
  countdownSeconds: countdownSchema,
  settings: settingsSchema,
  status: z.enum(["open", "paused"], { error: "status: open or paused" }).optional(),
  dealing: dealingInput.optional(),
  stream: streamSchema,
  reason: reasonSchema,
});

export const tableChangeInput = z.object({ tableId: tableIdSchema, reason: reasonSchema });
