import type { Lobby, LobbyTable } from "~/game-api";

/**
 * The lobby after one message of its stream: the table list it carries. The relay
 * (src/app/api/tables/watch) passes on only lists that match `tables.watch`'s own output schema
 * (src/lobby-stream.ts), so the browser trusts what it reads and its bundle carries no schema
 * library (the lobby's budget, test/bundle-budget.e2e.test.ts). Data that is not JSON, or not a
 * list, leaves the lobby as it is.
 */
export function applyLobbyMessage(lobby: Lobby, data: string): Lobby {
  let tables: unknown;
  try {
    tables = JSON.parse(data);
  } catch {
    return lobby;
  }
  // Checked on the server, above: a list of the API's lobby tables.
  return Array.isArray(tables) ? { available: true, tables: tables as LobbyTable[] } : lobby;
}
