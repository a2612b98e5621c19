import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import type { RouterInputs } from "../src";
import { appRouter, createCallerFactory } from "../src";

import { operator } from "./actors";
import { refusal } from "./refusal";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const admin = () => createCallerFactory(appRouter)({ db, actor: operator }).admin;

/** Seven players: names out of joining order, balances with ties (ids break them). */
const PLAYERS = [
  { id: "p-a", name: "Mali", joined: "2026-01-03T10:00:00.123Z", points: 30 },
  { id: "p-b", name: "Anong", joined: "2026-01-01T10:00:00Z", points: 10 },
  { id: "p-c", name: "Zaw", joined: "2026-01-05T10:00:00Z", points: 30 },
  { id: "p-d", name: "Dara", joined: "2026-01-02T10:00:00Z", points: 0 },
  { id: "p-e", name: "Kiri", joined: "2026-01-04T10:00:00Z", points: 250 },
  { id: "p-f", name: "Bua", joined: "2026-01-03T10:00:00.123Z", points: 30 },
  { id: "p-g", name: "Chai", joined: "2026-01-06T10:00:00Z", points: 5 },
];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  for (const player of PLAYERS) {
    await db.$executeRaw`
      INSERT INTO users (id, name, email, role, created_at, updated_at)
      VALUES (${player.id}, ${player.name}, ${`${player.id}@sort.test`}, 'player',
              ${player.joined}::timestamptz, now())`;
    if (player.points > 0) {
      await admin().players.adjust({
        userId: player.id,
        amount: player.points * 100,
        reason: "sort test balance",
      });
    }
  }
});
afterAll(() => database.drop());

type PlayerSort = Extract<RouterInputs["admin"]["players"]["search"], object>["sort"];

/** Every player, two a page, in `sort`'s order: the ids as the pages listed them. */
async function pagedPlayers(sort: PlayerSort): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await admin().players.search({ limit: 2, sort, cursor });
    ids.push(...page.players.map((player) => player.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && ids.length < 20);
  return ids;
}

describe("admin searches sort on the server, page by page", () => {
  it("players by balance, ties broken by id, both ways: every player once", async () => {
    expect(await pagedPlayers({ by: "balance", direction: "desc" })).toEqual([
      "p-e",
      "p-f",
      "p-c",
      "p-a",
      "p-b",
      "p-g",
      "p-d",
    ]);
    expect(await pagedPlayers({ by: "balance", direction: "asc" })).toEqual([
      "p-d",
      "p-g",
      "p-b",
      "p-a",
      "p-c",
      "p-f",
      "p-e",
    ]);
  });

  it("players by name and by joining time", async () => {
    expect(await pagedPlayers({ by: "name", direction: "asc" })).toEqual([
      "p-b",
      "p-f",
      "p-g",
      "p-d",
      "p-e",
      "p-a",
      "p-c",
    ]);
    // p-a and p-f joined in the same millisecond, on two pages: the id breaks the tie.
    expect(await pagedPlayers({ by: "createdAt", direction: "asc" })).toEqual([
      "p-b",
      "p-d",
      "p-a",
      "p-f",
      "p-e",
      "p-c",
      "p-g",
    ]);
    expect(await pagedPlayers(undefined)).toEqual(
      (await pagedPlayers({ by: "createdAt", direction: "asc" })).reverse(),
    );
  });

  it("a cursor only continues the order it was read in", async () => {
    const first = await admin().players.search({
      limit: 2,
      sort: { by: "balance", direction: "desc" },
    });
    const other = await refusal(
      admin().players.search({
        limit: 2,
        sort: { by: "name", direction: "desc" },
        cursor: first.nextCursor!,
      }),
    );
    expect(other.code).toBe("BAD_REQUEST");
    expect(other.message).toMatch(/^cursor: read in another order \(balance desc\)/);
  });

  it("rounds sort by number and by stake: the SQL of each order and its cursor runs", async () => {
    for (const by of ["openedAt", "number", "staked"] as const) {
      const first = await admin().rounds.search({ limit: 5, sort: { by, direction: "asc" } });
      expect(first).toEqual({ rounds: [], nextCursor: null });
    }
    const cursor = Buffer.from(
      JSON.stringify(["number", "asc", "12", "00000000-0000-4000-8000-000000000000"]),
    ).toString("base64url");
    expect(
      await admin().rounds.search({ limit: 5, sort: { by: "number", direction: "asc" }, cursor }),
    ).toEqual({ rounds: [], nextCursor: null });
    const forged = Buffer.from(
      JSON.stringify([
        "number",
        "asc",
        "12; DROP TABLE rounds",
        "00000000-0000-4000-8000-000000000000",
      ]),
    ).toString("base64url");
    expect(
      (
        await refusal(
          admin().rounds.search({ sort: { by: "number", direction: "asc" }, cursor: forged }),
        )
      ).message,
    ).toBe("cursor: must be a nextCursor from a previous page");
  });

  it("the audit log oldest first, paged", async () => {
    const ids: bigint[] = [];
    let cursor: string | undefined;
    do {
      const page = await admin().audit.search({
        limit: 2,
        sort: { by: "at", direction: "asc" },
        cursor,
      });
      ids.push(...page.entries.map((entry) => BigInt(entry.id)));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(ids).toHaveLength(6);
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
  });

  it("a column a search cannot sort by is refused, naming it and what it can be", async () => {
    const cases: [() => Promise<unknown>, string][] = [
      [
        () => admin().rounds.search({ sort: { by: "luck" as "number", direction: "asc" } }),
        "sort.by: cannot sort by luck; one of openedAt, number, staked",
      ],
      [
        () => admin().players.search({ sort: { by: "email" as "name", direction: "asc" } }),
        "sort.by: cannot sort by email; one of createdAt, balance, name",
      ],
      [
        () => admin().audit.search({ sort: { by: "action" as "at", direction: "desc" } }),
        "sort.by: cannot sort by action; one of at",
      ],
      [
        () => admin().players.search({ sort: { by: "name", direction: "up" as "asc" } }),
        "sort.direction: asc or desc",
      ],
    ];
    for (const [call, message] of cases) {
      const refused = await refusal(call());
      expect(refused.code).toBe("BAD_REQUEST");
      expect(refused.message).toContain(message);
    }
  });
});
