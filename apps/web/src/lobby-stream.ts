import { z } from "zod";

import type { LobbyTable } from "~/game-api";

/** Same-origin relay of the game API's `tables.watch` stream (src/app/api/tables/watch). */
export const WATCH_PATH = "/api/tables/watch";

const limit = z.object({ min: z.number().int(), max: z.number().int() });

const tablesSchema = z.array(
  z.object({
    id: z.string(),
    slug: z.string(),
    game: z.enum(["baccarat", "quick-baccarat", "pok-deng", "joker-blackjack"]),
    variant: z.string(),
    name: z.string(),
    status: z.enum(["open", "paused", "closed"]),
    countdownSeconds: z.number().int(),
    limits: z.record(z.string(), limit),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
) satisfies z.ZodType<LobbyTable[]>;

/**
 * The table list in one `data:` payload of the stream, or undefined for anything else (another
 * event's data, a newer API's shape): the lobby keeps what it shows rather than breaking.
 */
export function parseTables(data: string): LobbyTable[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = tablesSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
