import { describe, expect, it } from "vitest";

import type { Lobby, LobbyTable } from "../src/game-api";
import { applyLobbyMessage } from "../src/lobby-state";

const table: LobbyTable = {
  id: "6f1c2b1e-8d1a-4a3e-9b55-2f0f6a3c9d10",
  slug: "baccarat-a",
  game: "baccarat",
  variant: "commission",
  name: "Baccarat A",
  status: "open",
  countdownSeconds: 20,
  limits: { player: { min: 1_000, max: 1_000_000 } },
  dealing: "automatic",
  stream: { hls: null, whep: null, poster: null },
  createdAt: "2026-11-29T12:00:00.000Z",
  updatedAt: "2026-11-29T12:00:00.000Z",
  live: {
    roundId: "0b7e4d3c-1a2b-4c5d-8e9f-a0b1c2d3e4f5",
    roundNumber: 12,
    phase: "betting",
    closesAt: "2026-11-29T12:00:20.000Z",
    lastResult: null,
    road: [],
    goodRoads: [],
    stats: null,
    players: 3,
  },
};

describe("the lobby after a message of its stream (applyLobbyMessage)", () => {
  it("a table list replaces the tables shown, and a lobby that was down is up again", () => {
    const down: Lobby = { available: false, down: "game-api", reason: "unreachable" };
    expect(applyLobbyMessage(down, JSON.stringify([table]))).toEqual({
      available: true,
      tables: [table],
    });
    const paused = { ...table, status: "paused" as const };
    expect(
      applyLobbyMessage({ available: true, tables: [table] }, JSON.stringify([paused])),
    ).toEqual({ available: true, tables: [paused] });
  });

  it("data that is not JSON, or not a list, leaves the lobby as it is", () => {
    const lobby: Lobby = { available: true, tables: [table] };
    expect(applyLobbyMessage(lobby, "not json")).toBe(lobby);
    expect(applyLobbyMessage(lobby, JSON.stringify({ tables: [] }))).toBe(lobby);
  });
});
