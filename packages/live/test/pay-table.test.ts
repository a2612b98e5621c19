/**
 * A joker blackjack table's pay table (docs/rules/joker-blackjack.md, Pay table) at the live
 * runtime: `definitionOf` deals by the table's settings, and a round settles by the pay table
 * the table had when the round opened, through the ledger.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import type { Card } from "@fuda/shoe";
import { parseCard } from "@fuda/shoe";

import { act, auditLiveTables, createBetDesk, definitionOf, sit } from "../src";
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

const cards = (text: string): Card[] => text.split(" ").map(parseCard);

const setPayTable = (payTable: object) =>
  db.table.update({ where: { id: tableId }, data: { settings: { seats: 7, payTable } } });

describe("a joker blackjack table's pay table", () => {
  it("definitionOf reads it from the settings: the main bet lists what the table pays", () => {
    const table = { game: "JOKER_BLACKJACK" as const, variant: "seven-seat" };
    const payouts = (settings: unknown) =>
      definitionOf({ ...table, settings })!.bets[0]!.payouts.map(({ win, per }) => win / per);
    expect(payouts({})).toContain(49);
    expect(payouts({ payTable: { premiums: { "A to 6": 30 } } })).not.toContain(49);
    expect(payouts({ payTable: { premiums: { "A to 6": 30 } } })).toContain(29);
    expect(() =>
      definitionOf({ ...table, settings: { payTable: { premiums: { "A to 6": -1 } } } }),
    ).toThrow(/settings\.payTable: premiums\.A to 6: a multiple of 0\.5/);
  });

  it("a round settles by the pay table the table had when it opened, whatever is saved meanwhile", async () => {
    await setPayTable({ premiums: { "Three 7s": 6 } });
    const player = await newPlayer(db);
    await sit(db, { playerId: player, tableId, seat: 1 });
    // Seat 1 holds 7♥ 7♦ against the dealer's T♣ (hole 8♠) and hits 7♣: Three 7s.
    await stackShoe(db, SLUG, cards("7H TC 7D 8S 7C 2C"));
    const round = await openNextRound(db, SLUG);
    await desk.place({
      playerId: player,
      roundId: round.id,
      requestId: randomUUID(),
      bets: [{ bet: "main", seat: 1, amount: 1_000 }],
    });
    await closeRound(db, round.id);
    expect((await dealerSteps(db, round.id)).phase).toBe("dealing");
    // The operator goes back to the rule book's 10× while the round is in play.
    await setPayTable({});
    await act(db, { playerId: player, roundId: round.id, seat: 1, action: "hit", requestId: "h" });
    const settled = await dealerSteps(db, round.id);
    expect(settled.phase).toBe("settled");
    const bet = await db.bet.findFirstOrThrow({ where: { roundId: round.id } });
    expect(Number(bet.returned)).toBe(6_000);
    const event = await db.tableEvent.findFirstOrThrow({
      where: { tableId, type: "hand.settled", payload: { path: ["reason"], equals: "Three 7s" } },
      orderBy: { id: "desc" },
    });
    expect(event.payload).toMatchObject({ seat: 1, amount: 6_000 });
    expect(await auditLiveTables(db)).toEqual([]);
  });
});
