/**
 * Random sequences of grant / reserve / settle / refund / adjust over a few players, with ids
 * drawn from small sets so they repeat (same content and different content). A plain model of
 * the balances says what each step must do; after every step the books are clean, no wallet or
 * stake in play is below zero, and the database's balances equal the model's.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { FudaError } from "@fuda/errors";

import {
  adjustRequest,
  checkBooks,
  grantRequest,
  refundRequest,
  reserveRequest,
  settleRequest,
  transfer,
} from "../src";
import type { Transfer, TransferRequest } from "../src";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const player = fc.constantFrom("p0", "p1", "p2");
const round = fc.constantFrom("r0", "r1");
const bet = fc.constantFrom("b0", "b1", "b2");
const amount = fc.integer({ min: 1, max: 400_000 });
const part = fc.constantFrom(0, 0, 1, 5_000, 100_000, 300_000);

type Step = (run: string) => TransferRequest;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc
    .record({
      playerId: player,
      amount: fc.constantFrom(1_000_000, 250_000),
      grantId: fc.constantFrom("welcome", "g1"),
    })
    .map((g) => (run: string) => grantRequest({ ...g, playerId: `${run}${g.playerId}` })),
  fc
    .record({ playerId: player, roundId: round, betId: bet, amount })
    .map(
      (r) => (run: string) =>
        reserveRequest({ ...r, playerId: `${run}${r.playerId}`, roundId: `${run}${r.roundId}` }),
    ),
  fc
    .record({ playerId: player, roundId: round, betId: bet, returned: part, lost: part, won: part })
    .filter((s) => s.returned + s.lost + s.won > 0)
    .map(
      (s) => (run: string) =>
        settleRequest({ ...s, playerId: `${run}${s.playerId}`, roundId: `${run}${s.roundId}` }),
    ),
  fc
    .record({ playerId: player, roundId: round, betId: bet, amount })
    .map(
      (r) => (run: string) =>
        refundRequest({ ...r, playerId: `${run}${r.playerId}`, roundId: `${run}${r.roundId}` }),
    ),
  fc
    .record({
      requestId: fc.constantFrom("q0", "q1"),
      playerId: player,
      amount: fc.integer({ min: -300_000, max: 300_000 }).filter((a) => a !== 0),
      reason: fc.constantFrom("goodwill", "correction"),
    })
    .map(
      (a) => (run: string) =>
        adjustRequest({
          ...a,
          requestId: `${run}${a.requestId}`,
          playerId: `${run}${a.playerId}`,
          operatorId: "op",
        }),
    ),
);

const keyOf = (ref: TransferRequest["legs"][number]["from"]) =>
  ref.kind === "wallet"
    ? `wallet/${ref.playerId}`
    : ref.kind === "in_play"
      ? `in_play/${ref.playerId}/${ref.roundId}`
      : ref.kind;
const contentOf = ({ accountFields: _, ...request }: TransferRequest) => JSON.stringify(request);

/** What the ledger must do with `request`, by a model of balances (Map of account key → units). */
function expectedOutcome(
  request: TransferRequest,
  balances: Map<string, number>,
  posted: Map<string, { content: string; transfer?: Transfer }>,
): "posted" | "replayed" | "CONFLICT" | "INSUFFICIENT_FUNDS" | "BAD_INPUT" {
  const earlier = posted.get(request.id);
  if (earlier) return earlier.content === contentOf(request) ? "replayed" : "CONFLICT";
  const delta = new Map<string, number>();
  for (const leg of request.legs) {
    const from = keyOf(leg.from);
    if (!balances.has(from) && (leg.from.kind === "wallet" || leg.from.kind === "in_play"))
      return "BAD_INPUT";
    delta.set(from, (delta.get(from) ?? 0) - leg.amount);
    delta.set(keyOf(leg.to), (delta.get(keyOf(leg.to)) ?? 0) + leg.amount);
  }
  for (const [key, change] of delta) {
    if (
      (key.startsWith("wallet/") || key.startsWith("in_play/")) &&
      (balances.get(key) ?? 0) + change < 0
    ) {
      return "INSUFFICIENT_FUNDS";
    }
  }
  for (const [key, change] of delta) balances.set(key, (balances.get(key) ?? 0) + change);
  return "posted";
}

let runs = 0;

describe("the ledger under random sequences of operations", () => {
  it(
    "keeps the books clean, no wallet below zero, and a repeated id changes nothing",
    { timeout: 600_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
          const run = `run${runs++}-`;
          const balances = new Map<string, number>();
          const posted = new Map<string, { content: string; transfer?: Transfer }>();
          for (const make of steps) {
            const request = make(run);
            const expected = expectedOutcome(request, balances, posted);
            const result = await transfer(database.db, request).then(
              (t) => t,
              (error: unknown) => {
                if (error instanceof FudaError) return error;
                throw error;
              },
            );
            if (result instanceof FudaError) {
              expect(result.code).toBe(expected);
            } else {
              expect(result.replayed ? "replayed" : "posted").toBe(expected);
              const earlier = posted.get(request.id);
              if (earlier) expect(result).toEqual({ ...earlier.transfer, replayed: true });
              else posted.set(request.id, { content: contentOf(request), transfer: result });
            }
            const books = await checkBooks(database.db);
            expect(books).toMatchObject({ clean: true, total: 0 });
            const rows = await database.db.$queryRaw<
              { kind: string; owner: string; round: string; balance: bigint }[]
            >`
            SELECT kind::text, owner, round, balance FROM ledger_accounts
            WHERE kind IN ('wallet', 'in_play') AND owner LIKE ${`${run}%`}`;
            const actual = new Map(
              rows.map((r) => [
                r.kind === "wallet" ? `wallet/${r.owner}` : `in_play/${r.owner}/${r.round}`,
                Number(r.balance),
              ]),
            );
            for (const balance of actual.values()) expect(balance).toBeGreaterThanOrEqual(0);
            for (const [key, balance] of balances) {
              if (key === "house" || key === "grants") continue; // shared by every run
              expect({ key, balance: actual.get(key) ?? 0 }).toEqual({ key, balance });
            }
          }
        }),
        { numRuns: 60 },
      );
    },
  );
});
