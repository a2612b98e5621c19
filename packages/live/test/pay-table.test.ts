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
import { parseCard } from "@fuda/shoe";

import { act, auditLiveTables, createBetDesk, definitionOf, sit } from "../src";
import type { BetDesk } from "../src";
import { closeRound, dealerSteps, newPlayer, openNextRound, stackShoe } from "./fixtures";

const SLUG = "joker-blackjack";
/** This file's own seeded database, its joker blackjack table, and a bet desk. */
const live = {} as { db: Db; desk: BetDesk; tableId: string; drop: () => Promise<void> };

beforeAll(async () => {
  const { db, drop } = await createTestDatabase();
  await seed(db);
  const { id } = await db.table.findUniqueOrThrow({ where: { slug: SLUG } });
  Object.assign(live, { db, desk: createBetDesk({ db }), tableId: id, drop });
});
afterAll(async () => {
  await live.desk.close();
  await live.drop();
});

const setPayTable = (payTable: object) =>
  live.db.table.update({ where: { id: live.tableId }, data: { settings: { seats: 7, payTable } } });

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
    const player = await newPlayer(live.db);
    await sit(live.db, { playerId: player, tableId: live.tableId, seat: 1 });
    // Seat 1 holds 7♥ 7♦ against the dealer's T♣ (hole 8♠) and hits 7♣: Three 7s.
    await stackShoe(live.db, SLUG, "7H TC 7D 8S 7C 2C".split(" ").map(parseCard));
    const round = await openNextRound(live.db, SLUG);
    await live.desk.place({
      playerId: player,
      roundId: round.id,
      requestId: randomUUID(),
      bets: [{ bet: "main", seat: 1, amount: 1_000 }],
    });
    await closeRound(live.db, round.id);
    expect((await dealerSteps(live.db, round.id)).phase).toBe("dealing");
    // The operator goes back to the rule book's 10× while the round is in play.
    await setPayTable({});
    await act(live.db, {
      playerId: player,
      roundId: round.id,
      seat: 1,
      action: "hit",
      requestId: "h",
    });
    const settled = await dealerSteps(live.db, round.id);
    expect(settled.phase).toBe("settled");
    const bet = await live.db.bet.findFirstOrThrow({ where: { roundId: round.id } });
    expect(Number(bet.returned)).toBe(6_000);
    const event = await live.db.tableEvent.findFirstOrThrow({
      where: {
        tableId: live.tableId,
        type: "hand.settled",
        payload: { path: ["reason"], equals: "Three 7s" },
      },
      orderBy: { id: "desc" },
    });
    expect(event.payload).toMatchObject({ seat: 1, amount: 6_000 });
    expect(await auditLiveTables(live.db)).toEqual([]);
  });
});
