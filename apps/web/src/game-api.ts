import type { AppRouter, RouterOutputs } from "@fuda/api";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";

export type LobbyTable = RouterOutputs["tables"]["list"][number];
export type Game = LobbyTable["game"];
export type Limit = LobbyTable["limits"][string];

/** Which part is down: the game API itself, or the database behind an API that answers. */
export type DownPart = "game-api" | "database";

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

/** The game API answers SERVICE_UNAVAILABLE only for its database; any other failure is its own. */
export function whatIsDown(error: unknown): { down: DownPart; reason: string } {
  const reason = error instanceof Error ? error.message : String(error);
  const databaseDown =
    error instanceof TRPCClientError &&
    (error.data as { code?: unknown } | undefined)?.code === "SERVICE_UNAVAILABLE";
  return { down: databaseDown ? "database" : "game-api", reason };
}
