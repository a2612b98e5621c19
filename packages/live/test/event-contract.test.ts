/**
 * The runtime writes only events of the catalog (packages/contracts): a seated round played from
 * sitting down to settlement, every event it stored read back through the contract's schema with
 * nothing dropped, so a payload with a field the contract does not know fails here.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { tableEventSchema } from "@fuda/contracts";
import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { parseCard } from "@fuda/shoe";

import { act, createBetDesk, leave, readEvents, sit } from "../src";
import type { BetDesk } from "../src";
import { closeRound, dealerSteps, newPlayer, openNextRound, stackShoe } from "./fixtures";

let database: TestDatabase;
let db: Db;
let desk: BetDesk;
let tableId: string;
const SLUG = "joker-blackjack";

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  desk = createBetDesk({ db });
  await seed(db);
  tableId = (await db.table.findUniqueOrThrow({ where: { slug: SLUG } })).id;
});
afterAll(async () => {
  await desk.close();
  await database.drop();
});

describe("the events a table's runtime stores", () => {
  it("are each one of the catalog, read by its schema as written, from a seat taken to the round settled", async () => {
    const player = await newPlayer(db);
    await sit(db, { playerId: player, tableId, seat: 3 });
    // Seat 3 holds 9H 7D against the dealer's TC, hole 8S: it hits the 2C and stands on 18.
    await stackShoe(db, SLUG, "9H TC 7D 8S 2C 5S".split(" ").map(parseCard));
    const round = await openNextRound(db, SLUG);
    await desk.place({
      playerId: player,
      roundId: round.id,
      requestId: randomUUID(),
      bets: [{ bet: "main", seat: 3, amount: 1_000 }],
    });
    await closeRound(db, round.id);
    await dealerSteps(db, round.id);
    await act(db, { playerId: player, roundId: round.id, seat: 3, action: "hit", requestId: "h" });
    await act(db, {
      playerId: player,
      roundId: round.id,
      seat: 3,
      action: "stand",
      requestId: "s",
    });
    const settled = await dealerSteps(db, round.id);
    expect(settled.phase).toBe("settled");
    await leave(db, { playerId: player, tableId, seat: 3 });

    const events = await readEvents(db, { afterId: 0n, tableId });
    for (const event of events) expect(tableEventSchema.parse(event), event.type).toEqual(event);
    const types = new Set(events.map((event) => event.type));
    for (const type of [
      "seat.taken",
      "shoe.started",
      "round.opened",
      "round.closed",
      "card.dealt",
      "card.faceDown",
      "turn.started",
      "action.taken",
      "hand.settled",
      "round.result",
      "round.settled",
      "seat.left",
    ] as const) {
      expect(types, type).toContain(type);
    }
    // The player's own settlement, beside the public one.
    expect(
      events.filter((event) => event.type === "round.settled").map((event) => event.playerId),
    ).toEqual([null, player]);
  });
});
