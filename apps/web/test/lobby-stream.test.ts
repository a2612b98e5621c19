import { describe, expect, it } from "vitest";

import { checkedTableEvents, parseTables } from "../src/lobby-stream";

const table = {
  id: "6f1c2b1e-8d1a-4a3e-9b55-2f0f6a3c9d10",
  slug: "baccarat-a",
  game: "baccarat",
  variant: "commission",
  name: "Baccarat A",
  status: "paused",
  countdownSeconds: 20,
  limits: { player: { min: 1_000, max: 1_000_000 } },
  dealing: "automatic",
  stream: { hls: null, whep: null, poster: "https://video.example/baccarat-a.jpg" },
  createdAt: "2026-11-29T12:00:00.000Z",
  updatedAt: "2026-11-29T12:00:00.000Z",
  live: {
    roundId: "0b7e4d3c-1a2b-4c5d-8e9f-a0b1c2d3e4f5",
    roundNumber: 12,
    phase: "betting",
    closesAt: "2026-11-29T12:00:20.000Z",
    lastResult: { winner: "banker", playerTotal: 5, bankerTotal: 7 },
    road: [{ winner: "banker", playerPair: false, bankerPair: true }],
    players: 3,
    goodRoads: [],
    stats: {
      rounds: 12,
      player: 5,
      banker: 6,
      tie: 1,
      playerPair: 1,
      bankerPair: 2,
      natural: 4,
    },
  },
};

describe("the lobby stream's payloads", () => {
  it("a data payload that is a table list is read as the lobby's tables", () => {
    expect(parseTables(JSON.stringify([table]))).toEqual([table]);
    expect(parseTables("[]")).toEqual([]);
  });

  it("anything else is ignored: tRPC's connected event, text that is not JSON, a table of another shape", () => {
    expect(parseTables("{}")).toBeUndefined();
    expect(parseTables("")).toBeUndefined();
    expect(parseTables(JSON.stringify([{ ...table, status: "resting" }]))).toBeUndefined();
    expect(parseTables(JSON.stringify([{ ...table, live: undefined }]))).toBeUndefined();
    expect(
      parseTables(JSON.stringify([{ ...table, limits: { player: { min: "10" } } }])),
    ).toBeUndefined();
  });

  it("a table the lobby could not show right is ignored: money not in whole minor units, a missing maximum, an unknown game, a fractional countdown", () => {
    const bad = [
      { ...table, limits: { player: { min: 1_000.5, max: 1_000_000 } } },
      { ...table, limits: { player: { min: 1_000 } } },
      { ...table, game: "roulette" },
      { ...table, countdownSeconds: 1.5 },
      { ...table, live: { ...table.live, phase: "shuffling" } },
      { ...table, live: { ...table.live, closesAt: "soon" } },
      { ...table, live: { ...table.live, players: -1 } },
    ];
    for (const payload of bad) {
      expect({ payload, parsed: parseTables(JSON.stringify([payload])) }).toEqual({
        payload,
        parsed: undefined,
      });
    }
  });
});

/** The relay's output for `upstream` sent in the given pieces. */
async function relayed(pieces: string[]): Promise<string> {
  const encoder = new TextEncoder();
  const upstream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(checkedTableEvents(upstream)).text();
}

describe("the lobby stream's relay", () => {
  it("passes tRPC's named events and table lists that match the schema, and drops a table list the lobby could not show, wherever the pieces break", async () => {
    const good = `id: 1\ndata: ${JSON.stringify([table])}\n\n`;
    const bad = `id: 2\ndata: ${JSON.stringify([{ ...table, game: "roulette" }])}\n\n`;
    const stream = `event: connected\ndata: {}\n\n${good}${bad}: keep-alive\n\nevent: ping\ndata: \n\n`;
    const expected = `event: connected\ndata: {}\n\n${good}: keep-alive\n\nevent: ping\ndata: \n\n`;
    expect(await relayed([stream])).toBe(expected);
    // Split anywhere, even between a CR and its LF, the events come out the same.
    const crlf = stream.replaceAll("\n", "\r\n");
    for (const whole of [stream, crlf]) {
      for (const size of [1, 2, 7]) {
        const pieces = Array.from({ length: Math.ceil(whole.length / size) }, (_, index) =>
          whole.slice(index * size, (index + 1) * size),
        );
        expect(await relayed(pieces), `${size}`).toBe(expected);
      }
    }
  });
});
