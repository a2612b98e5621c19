/**
 * The migration that replaced a transfer's stored content by a hash of it keeps the transfers
 * posted before it idempotent: replaying one is still a replay, other content still a CONFLICT,
 * because the ledger hashes a posting as PostgreSQL prints it as jsonb.
 */
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";

import { createDb, migrate } from "@fuda/db";
import type { Db } from "@fuda/db";
import { testServerUrl } from "@fuda/db/testing";
import { FudaError } from "@fuda/errors";

import { balance, checkBooks, grant, STARTING_GRANT } from "../src";
import { contentText } from "../src/transfer";
import type { Posting } from "../src/transfer";
import { failure } from "./helpers";

const HASH_MIGRATION = "_ledger_post_faster";
const migrationsDir = fileURLToPath(new URL("../../db/prisma/migrations", import.meta.url));

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const name = `fuda_test_ledger_hash_${process.pid}`;
let url: string;
let db: Db;
let before: string;

beforeAll(async () => {
  const server = new URL(testServerUrl());
  server.pathname = `/${name}`;
  url = server.toString();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  // The migrations as they were before the hash.
  before = await mkdtemp(join(tmpdir(), "fuda-ledger-migrations-"));
  const all = (await readdir(migrationsDir, { withFileTypes: true })).map((entry) => entry.name);
  const cut = all.findIndex((migration) => migration.endsWith(HASH_MIGRATION));
  expect(cut).toBeGreaterThan(0);
  for (const migration of all.filter((m, i) => i < cut || !/^\d/.test(m))) {
    await cp(join(migrationsDir, migration), join(before, migration), { recursive: true });
  }
  await migrate(url, { migrationsDir: before });
  db = createDb(url);
});

afterAll(async () => {
  await db.$disconnect();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await rm(before, { recursive: true, force: true });
});

it("a transfer posted with its content stored replays after the migration, and other content is a CONFLICT", async () => {
  // Posted as packages/ledger posted it then: the request as jsonb, stored as the content.
  const posting = {
    id: "grant/welcome/ana",
    kind: "grant",
    roundId: null,
    betId: null,
    operatorId: null,
    reason: null,
    legs: [
      {
        from: { kind: "grants", owner: "grants", round: "" },
        to: { kind: "wallet", owner: "ana", round: "" },
        amount: STARTING_GRANT,
      },
    ],
  };
  await db.$queryRaw`SELECT ledger_post(${JSON.stringify([posting])}::jsonb)`;
  const { applied } = await migrate(url);
  // The hash migration first; the migrations after it come along.
  expect(applied[0]).toMatch(new RegExp(`${HASH_MIGRATION}$`));

  const again = await grant(db, { playerId: "ana" });
  expect(again).toMatchObject({ id: "grant/welcome/ana", replayed: true });
  expect(again.entries.map((e) => [e.account, e.balanceAfter])).toEqual([
    [{ kind: "grants" }, -STARTING_GRANT],
    [{ kind: "wallet", playerId: "ana" }, STARTING_GRANT],
  ]);
  const error = await failure(grant(db, { playerId: "ana", amount: 5 }));
  expect(error).toBeInstanceOf(FudaError);
  expect(error).toMatchObject({ code: "CONFLICT" });
  expect(await balance({ db, playerId: "ana" })).toBe(STARTING_GRANT);
  expect(await checkBooks(db)).toMatchObject({ clean: true });
});

// Characters JSON escapes, and any other (a whole grapheme: no lone surrogate, no NUL, which
// PostgreSQL text cannot hold).
const unit = fc.oneof(
  fc.constantFrom(
    '"',
    "\\",
    "/",
    "\n",
    "\t",
    "\b",
    "\f",
    "\r",
    "\u0001",
    "\u001f",
    "\u007f",
    "é",
    "札",
  ),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }).filter((c) => !c.includes("\u0000")),
);
const someText = fc.string({ unit, maxLength: 12 });
const key = fc.record({
  kind: fc.constantFrom("wallet" as const, "in_play" as const, "house" as const),
  owner: someText,
  round: someText,
});
const posting: fc.Arbitrary<Posting> = fc.record({
  id: someText,
  kind: fc.constantFrom("grant" as const, "reserve" as const, "adjust" as const),
  roundId: fc.option(someText),
  betId: fc.option(someText),
  operatorId: fc.option(someText),
  reason: fc.option(someText),
  legs: fc.array(fc.record({ from: key, to: key, amount: fc.maxSafeNat() }), {
    minLength: 1,
    maxLength: 3,
  }),
});

it("a posting's content text is exactly what jsonb prints for it", async () => {
  const samples = fc.sample(posting, { numRuns: 300, seed: 7 });
  const texts = samples.map(contentText);
  const [row] = await db.$queryRaw<{ printed: string[] }[]>`
    SELECT array_agg(t::jsonb::text ORDER BY n) AS printed
    FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, n)`;
  expect(row!.printed).toEqual(texts);
  // And it is the posting itself.
  expect(texts.map((t) => JSON.parse(t) as unknown)).toEqual(samples);
});
