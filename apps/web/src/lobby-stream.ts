import { z } from "zod";

import { lobbyTableSchema } from "@fuda/api/types";

import type { LobbyTable } from "~/game-api";
import { parseStreamData } from "./stream-data";

/** Same-origin relay of the game API's `tables.watch` stream (src/app/api/tables/watch). */
export const WATCH_PATH = "/api/tables/watch";

/** The list `tables.watch` sends: the procedure's own output schema (`@fuda/api/types`). */
const tablesSchema = z.array(lobbyTableSchema);

/** The table list in one `data:` payload of the stream, or undefined for anything else. */
export const parseTables = (data: string): LobbyTable[] | undefined =>
  parseStreamData(data, tablesSchema);
