import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import type { LiveRound, TableGameDefinition } from "@fuda/rules";
import { shoeFromJson, shoeJsonOf } from "@fuda/shoe";

import { betResults, definitionOf } from "../src";
import { endShoe } from "../src/dealer-shoe";
import type { RawTx, RoundRow, TableRef } from "../src/dealer-rows";
import { openBetsOf, settlementOf } from "../src/settlement";
import { closeRound, openRound, roundRowOf } from "./fixtures";

/** The settlement's statement as the deal step writes it (its CTEs), alone. */
async function settleBets(
  tx: RawTx,
  table: TableRef,
  round: RoundRow,
  dealt: LiveRound,
  definition: TableGameDefinition,
): Promise<void> {
  const settlement = settlementOf(table, round, dealt, definition, await openBetsOf(tx, round.id));
  await tx.$queryRaw`WITH ${settlement.ctes} SELECT results FROM posted`;
}

let database: TestDatabase;
let db: Db;
const endpoints: Record<"rounds" | "shoes" | "revoked", string> = {
  rounds: "",
  shoes: "",
  revoked: "",
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const endpoint = (events: string[], revokedAt: Date | null = null) =>
    db.webhookEndpoint
      .create({
        data: {
          partnerId: "acme-stats",
          url: "https://hooks.example.com/fuda",
          secret: "whsec_test",
          events,
          createdBy: "operator",
          revokedAt,
        },
      })
      .then((row) => row.id);
  endpoints.rounds = await endpoint(["round.settled"]);
  endpoints.shoes = await endpoint(["shoe.revealed"]);
  endpoints.revoked = await endpoint(["round.settled", "shoe.revealed"], new Date());
});
afterAll(() => database.drop());

class Rollback extends Error {}

/**
 * A round (with no bets: the outbox does not depend on them) dealt to its end by the rules from
 * its own shoe, as the dealer's steps deal it.
 */
async function dealtRound(slug: string) {
  const { roundId } = await openRound(db, slug);
  const table = await db.table.findUniqueOrThrow({ where: { slug } });
  await closeRound(db, roundId);
  const round = await roundRowOf(db, roundId);
  const definition = definitionOf(table)!;
  const shoeRow = await db.shoe.findUniqueOrThrow({ where: { id: round.shoeId } });
  const shoe = shoeFromJson(shoeJsonOf(shoeRow.state));
  let dealt: LiveRound = round.state;
  while (!dealt.dealt) dealt = definition.dealerStep(shoe, dealt).round;
  return { table, round, definition, dealt, shoe };
}

describe("the webhooks' outbox", () => {
  it("round.settled is written by the settle transaction: gone with its rollback, there with its commit, one delivery per active endpoint subscribed", async () => {
    const { table, round, definition, dealt } = await dealtRound("baccarat-a");
    await expect(
      db.$transaction(async (tx) => {
        await settleBets(tx, table, round, dealt, definition);
        throw new Rollback("the step failed after settling");
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await db.webhookEvent.count()).toBe(0);
    expect(await db.webhookDelivery.count()).toBe(0);

    await db.$transaction((tx) => settleBets(tx, table, round, dealt, definition));
    const events = await db.webhookEvent.findMany({ include: { deliveries: true } });
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.type).toBe("round.settled");
    expect(event!.payload).toMatchObject({
      roundId: round.id,
      table: "baccarat-a",
      game: "baccarat",
      variant: table.variant,
      shoeId: round.shoeId,
      number: round.number,
      outcome: JSON.parse(JSON.stringify(definition.outcome(dealt))) as unknown,
      bets: betResults(definition, dealt, round.number),
    });
    expect(event!.deliveries.map((delivery) => delivery.endpointId)).toEqual([endpoints.rounds]);
    expect(event!.deliveries[0]).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("shoe.revealed is written by the shoe's end: its commitment and reveal, which verifies", async () => {
    const { table, round, shoe } = await dealtRound("pok-deng");
    await db.webhookEvent.deleteMany();
    await expect(
      db.$transaction(async (tx) => {
        await endShoe(tx, table, round.shoeId, shoe);
        throw new Rollback("the step failed after ending the shoe");
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await db.webhookEvent.count()).toBe(0);

    await db.$transaction((tx) => endShoe(tx, table, round.shoeId, shoe));
    const events = await db.webhookEvent.findMany({ include: { deliveries: true } });
    const stored = await db.shoe.findUniqueOrThrow({ where: { id: round.shoeId } });
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe("shoe.revealed");
    expect(events[0]!.payload).toMatchObject({
      shoeId: round.shoeId,
      table: "pok-deng",
      game: "pok-deng",
      commitment: stored.commitment,
      reveal: stored.reveal,
      verifies: true,
    });
    expect(events[0]!.deliveries.map((delivery) => delivery.endpointId)).toEqual([endpoints.shoes]);
  });
});
