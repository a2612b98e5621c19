import type { AppRouter, LiveSummary, RouterOutputs } from "@fuda/api";
import { createTRPCClient, httpBatchLink } from "@trpc/client";

import type { DownPart } from "@fuda/api/types";
import { whatIsDown } from "@fuda/api/types";

/** A table in the lobby: `tables.list` at first paint, then with `tables.watch`'s live summary. */
export type { LiveSummary };
export type LobbyTable = RouterOutputs["tables"]["list"][number] & { live?: LiveSummary };
export type Game = LobbyTable["game"];
export type Limit = LobbyTable["limits"][string];

export type Lobby =
  { available: true; tables: LobbyTable[] } | { available: false; down: DownPart; reason: string };

// A lobby that waits on a stuck API is worse than one that says it is down.
export const REQUEST_TIMEOUT_MS = 5_000;

/** The game API's tRPC client, speaking for the visitor whose session `cookie` is given. */
export const gameApiClient = (gameApiUrl: string, cookie?: string) =>
  createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: gameApiUrl, headers: cookie === undefined ? {} : { cookie } })],
  });

/** Reads the tables over HTTP at request time; an unreachable API is a state, not a crash. */
export async function loadLobby(gameApiUrl: string): Promise<Lobby> {
  const client = gameApiClient(gameApiUrl);
  try {
    const tables = await client.tables.list.query(undefined, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { available: true, tables };
  } catch (error) {
    return { available: false, ...whatIsDown(error) };
  }
}

export type TableDetail = RouterOutputs["tables"]["get"];

/** One table's first render (`tables.get`); null when no table has this slug. */
export async function loadTable(gameApiUrl: string, slug: string): Promise<TableDetail | null> {
  const client = gameApiClient(gameApiUrl);
  try {
    return await client.tables.get.query(
      { slug },
      { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
    );
  } catch (error) {
    if ((error as { data?: { code?: unknown } }).data?.code === "NOT_FOUND") return null;
    throw error;
  }
}
