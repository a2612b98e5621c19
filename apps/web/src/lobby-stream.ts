import { z } from "zod";

import { lobbyTableSchema } from "@fuda/api/types";

import type { LobbyTable } from "~/game-api";

/** Same-origin relay of the game API's `tables.watch` stream (src/app/api/tables/watch). */
export const WATCH_PATH = "/api/tables/watch";

/** The list `tables.watch` sends: the procedure's own output schema (`@fuda/api/types`). */
const tablesSchema = z.array(lobbyTableSchema);

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
