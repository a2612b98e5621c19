import { stakeLimitSchema } from "@fuda/rules";
import { z } from "zod";

import { DEALING_MODES } from "@fuda/contracts";
import type { GameName, TablePayload, TableStatusName } from "@fuda/contracts";
import type { Game, TableStatus } from "@fuda/db";

/** Public names of the games, as in URLs, the CLI and the feed. */
export const gameNames = {
  BACCARAT: "baccarat",
  QUICK_BACCARAT: "quick-baccarat",
  POK_DENG: "pok-deng",
  JOKER_BLACKJACK: "joker-blackjack",
} as const satisfies Record<Game, GameName>;

export type { GameName };

export const statusNames = {
  OPEN: "open",
  PAUSED: "paused",
  CLOSED: "closed",
} as const satisfies Record<TableStatus, TableStatusName>;

export type { TableStatusName };

/** The rules' one stake limit, named for the feed's OpenAPI document. */
const stakeLimit = stakeLimitSchema.meta({
  id: "StakeLimit",
  description: "The stake range of one bet type, in minor units (100 = 1 point).",
  examples: [{ min: 1_000, max: 5_000_000 }],
});

/** A table as every caller sees it: the app's routers (lobby, portal) and the partners' feed. */
export const tableViewSchema = z
  .object({
    id: z.uuid().describe("Stable identifier of the table."),
    slug: z.string().describe("Short unique name of the table, as used in URLs."),
    game: z
      .enum(gameNames)
      .describe(
        "The game dealt at this table: `baccarat`, `quick-baccarat` (the quick five-suit game), " +
          "`pok-deng` or `joker-blackjack`.",
      ),
    variant: z
      .string()
      .describe(
        "The game's rule variant at this table: `commission` or `no-commission` for baccarat, " +
          "`quick` for quick-baccarat, `five-seat` for pok-deng, `seven-seat` for joker-blackjack.",
      ),
    name: z.string().describe("Display name of the table."),
    status: z
      .enum(statusNames)
      .describe(
        "`open`: rounds are dealt and bets accepted; `paused`: temporarily not dealing; " +
          "`closed`: taken out of service.",
      ),
    countdownSeconds: z
      .number()
      .int()
      .nonnegative()
      .describe(
        "How long the betting window of each round stays open, in seconds; 0 when the game has " +
          "no countdown (the quick single-player game deals when the player is ready).",
      ),
    limits: z
      .record(z.string(), stakeLimit)
      .describe(
        "Stake range per bet type, keyed by the game's bet id (e.g. `player`, `banker`, `tie` " +
          "in baccarat, `seat` in pok-deng, `main` in joker-blackjack). All amounts are in " +
          "minor units: 100 minor units are 1 point.",
      ),
    dealing: z
      .enum(DEALING_MODES)
      .describe(
        "Who deals the table: `automatic`, the software dealer from a shuffled, committed shoe; " +
          "`studio`, a person on camera from a physical shoe, entering each card at a studio " +
          "console (its shoes have no software commitment; their recorded card order is " +
          "published when they end).",
      ),
    stream: z
      .object({
        hls: z.string().nullable().describe("An HLS playlist URL (`.m3u8`), or null."),
        whep: z.string().nullable().describe("A WHEP endpoint URL (WebRTC, low latency), or null."),
        poster: z.string().nullable().describe("A still image URL shown before the video plays."),
      })
      .describe(
        "The table's live video, published by the studio's media server (Fuda hosts none): " +
          "every URL null when the table has no video.",
      ),
    createdAt: z.iso.datetime().describe("When the table was created (ISO 8601, UTC)."),
    updatedAt: z.iso.datetime().describe("When the table was last changed (ISO 8601, UTC)."),
  })
  .meta({ id: "Table", description: "A table partners can show: its game, rules and limits." });

export type TableView = z.infer<typeof tableViewSchema>;

/**
 * The view `table.updated` announces is the one the contracts read (packages/contracts); there
 * `dealing` is optional only because events written before studio dealing lack it.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _announced: Same<TableView, Required<TablePayload>> = true;
