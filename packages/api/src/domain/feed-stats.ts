/**
 * A table's (or every table's) results over a time range (`GET /v1/stats`): finished rounds, how
 * each bet id came out, and what players staked on each bet id and got back. Counts the same
 * rounds `GET /v1/rounds` lists with the same filters: finished ones, by their finish time.
 */
import { z } from "zod";

import type { Db } from "@fuda/db";
import { Prisma } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { betResults, definitionOf } from "@fuda/live";

import { finishedRounds, requireTableFilter } from "./feed-rounds";
import type { Cursor } from "./feed-rounds";

export const feedStatsInputSchema = z.object({
  table: z.string().min(1).max(100).optional().describe("Only this table (its slug)."),
  from: z.iso
    .datetime()
    .optional()
    .describe("Only rounds finished at or after this time (ISO 8601, UTC)."),
  to: z.iso
    .datetime()
    .optional()
    .describe("Only rounds finished before this time (ISO 8601, UTC)."),
});

export type FeedStatsInput = z.infer<typeof feedStatsInputSchema>;

const count = z.number().int().nonnegative();
const minor = z.number().int().describe("Minor units (100 = 1 point).");

export const feedStatsSchema = z
  .object({
    table: z.string().nullable().describe("The table's slug; null for every table."),
    from: z.iso.datetime().nullable(),
    to: z.iso.datetime().nullable(),
    rounds: z
      .object({
        settled: count.describe("Rounds dealt to the end and settled, and not voided since."),
        void: count.describe(
          "Rounds cancelled before their deal, every stake refunded, and settled rounds an " +
            "operator voided since (GET /rounds/{id} says `void: true` for both).",
        ),
      })
      .describe("Finished rounds in the range."),
    outcomes: z
      .array(
        z.object({
          bet: z.string().describe("The bet id."),
          seat: z.number().int().nullable().describe("Its seat; null for a bet with none."),
          won: count,
          lost: count,
          push: count,
        }),
      )
      .describe(
        "How each bet id (per seat) came out over the settled rounds (voided ones left out), " +
          "as GET /rounds/{id}'s `bets` say: e.g. baccarat's `banker` won = Banker wins, `tie` " +
          "won = ties.",
      ),
    bets: z
      .array(
        z.object({
          bet: z.string().describe("The bet id."),
          count: count.describe("Bets placed on it in settled rounds."),
          stakes: minor.describe("Staked in all, minor units."),
          returned: minor.describe("Paid back in all (stakes of won and pushed bets included)."),
        }),
      )
      .describe("Players' bets in the settled rounds (voided ones left out), by bet id."),
  })
  .meta({ id: "Stats", description: "Results over a time range." });

export type FeedStats = z.infer<typeof feedStatsSchema>;

/** Rounds read per query while counting. */
const CHUNK = 500;

export async function getFeedStats({
  db,
  input,
}: {
  db: Db;
  input: FeedStatsInput;
}): Promise<FeedStats> {
  const from = input.from === undefined ? undefined : new Date(input.from);
  const to = input.to === undefined ? undefined : new Date(input.to);
  if (from !== undefined && to !== undefined && from > to) {
    throw new FudaError("BAD_INPUT", "to: must not be before from", {
      field: "to",
      rule: "RANGE_REVERSED",
    });
  }
  const tableId = await requireTableFilter(db, input.table);
  // One snapshot: the rounds counted and the bets summed are the same rounds.
  return db.$transaction(
    async (tx) => {
      const rounds = { settled: 0, void: 0 };
      const outcomes = new Map<string, FeedStats["outcomes"][number]>();
      let after: Cursor | undefined;
      for (;;) {
        const rows = await finishedRounds(tx, { tableId, from, to, after }, CHUNK);
        for (const row of rows) {
          // A settled round an operator voided no longer counts: every wallet is as before it.
          if (row.phase !== "settled" || row.voided_at !== null) {
            rounds.void++;
            continue;
          }
          rounds.settled++;
          const definition = definitionOf(row);
          if (definition === null) continue;
          for (const result of betResults(definition, row.state, row.number)) {
            const key = `${result.bet}/${result.seat ?? ""}`;
            const tally = outcomes.get(key) ?? {
              bet: result.bet,
              seat: result.seat,
              won: 0,
              lost: 0,
              push: 0,
            };
            tally[result.result]++;
            outcomes.set(key, tally);
          }
        }
        const last = rows.at(-1);
        if (rows.length < CHUNK || last === undefined) break;
        after = { xid: last.finished_xid, id: last.id };
      }
      const table = input.table ?? null;
      const sums = await tx.$queryRaw<
        { bet: string; count: bigint; stakes: bigint; returned: bigint }[]
      >`
        SELECT b.bet, count(*) AS count, sum(b.stake)::bigint AS stakes,
               coalesce(sum(b.returned), 0)::bigint AS returned
        FROM bets b
        JOIN rounds r ON r.id = b.round_id
        JOIN tables t ON t.id = r.table_id
        WHERE r.phase = 'settled'
          AND r.voided_at IS NULL
          AND r.finished_xid IS NOT NULL
          AND r.finished_xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
          AND (${table}::text IS NULL OR t.slug = ${table}::text)
          AND (${from ?? null}::timestamptz IS NULL
               OR coalesce(r.settled_at, r.closed_at, r.opened_at) >= ${from ?? null}::timestamptz)
          AND (${to ?? null}::timestamptz IS NULL
               OR coalesce(r.settled_at, r.closed_at, r.opened_at) < ${to ?? null}::timestamptz)
        GROUP BY b.bet
        ORDER BY b.bet`;
      return {
        table,
        from: from?.toISOString() ?? null,
        to: to?.toISOString() ?? null,
        rounds,
        outcomes: [...outcomes.values()],
        bets: sums.map((sum) => ({
          bet: sum.bet,
          count: Number(sum.count),
          stakes: Number(sum.stakes),
          returned: Number(sum.returned),
        })),
      };
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
}
