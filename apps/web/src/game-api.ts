import type { AppRouter, RouterOutputs } from "@fuda/api";
import { createTRPCClient, httpBatchLink } from "@trpc/client";

import type { DownPart } from "@fuda/api/types";
import { whatIsDown } from "@fuda/api/types";

export type LobbyTable = RouterOutputs["tables"]["list"][number];
export type Game = LobbyTable["game"];
export type Limit = LobbyTable["limits"][string];

export type Lobby =
  { available: true; tables: LobbyTable[] } | { available: false; down: DownPart; reason: string };

// A lobby that waits on a stuck API is worse than one that says it is down.
const REQUEST_TIMEOUT_MS = 5_000;

/** Reads the tables over HTTP at request time; an unreachable API is a state, not a crash. */
export async function loadLobby(gameApiUrl: string): Promise<Lobby> {
  const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: gameApiUrl })] });
  try {
    const tables = await client.tables.list.query(undefined, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { available: true, tables };
  } catch (error) {
    return { available: false, ...whatIsDown(error) };
  }
}
