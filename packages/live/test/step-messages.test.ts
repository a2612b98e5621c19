/**
 * A dealer's step as few messages as its answers allow (docs/live-tables.md, Few statements a
 * step): the lock, the writes and COMMIT go together, so a step that reads nothing between them is
 * one round trip, and the settling deal two (its bets are read under the lock), or one when the
 * dealer closed betting itself (the close read them) and no action since staked more. What is sent
 * without its answer read must still fail whole: a round moved meanwhile, a settlement the
 * ledger refuses.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";

import type { Db } from "@fuda/db";
import { poolOf, seed, sqlClient } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { balance, checkBooks, refundRequest, transfer } from "@fuda/ledger";
import { parseCard } from "@fuda/shoe";

import { act, auditLiveTables, createBetDesk, definitionOf, silentLog, sit } from "../src";
import type { BetDesk, TableEvent } from "../src";
import type { ActedRound } from "../src/acted-here";
import { onActedHere } from "../src/acted-here";
import { systemClock } from "../src/clock";
import type { TableState } from "../src/dealer";
import { afterAction, cryptoRng, DEFAULT_TIMING, readTable, step } from "../src/dealer";
import { FencedError, StaleRoundError } from "../src/dealer-rows";
import { closeBetting, dealStep } from "../src/dealer-steps";
import { cancelInterruptedRound } from "../src/interruptions";
import { RoundWatch } from "../src/round-watch";
import { newPlayer, openNextRound, openRound, roundRowOf, shoeRowOf, stackShoe } from "./fixtures";
import { betsOf, failure } from "./helpers";

let database: TestDatabase;
let db: Db;
let desk: BetDesk;

/** Every message node-postgres sends from now (a query call is one message), until `stop`. */
let sent = 0;
let stopCounting: () => void = () => undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  desk = createBetDesk({ db });
  await seed(db);
  const client = await poolOf(db).connect();
  const prototype = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  client.release();
  const query = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    sent += 1;
    return query.apply(this, args);
  };
  stopCounting = () => {
    prototype.query = query;
  };
});
afterAll(async () => {
  stopCounting();
  await desk.close();
  await database.drop();
});

/** Messages `run` sends. */
async function messages<T>(run: () => Promise<T>): Promise<{ value: T; messages: number }> {
  const before = sent;
  const value = await run();
  return { value, messages: sent - before };
}

const eventsOf = async (roundId: string): Promise<TableEvent[]> =>
  (await db.tableEvent.findMany({ where: { roundId }, orderBy: { id: "asc" } })).map(
    (row) => ({ ...row, id: row.id.toString() }) as unknown as TableEvent,
  );

/** A baccarat round closed with three players' bets: Player, Banker and Tie. */
async function closedRound() {
  const { roundId } = await openRound(db, "baccarat-a");
  const table = await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } });
  const definition = definitionOf(table)!;
  const players: string[] = [];
  for (const bet of ["player", "banker", "tie"]) {
    const playerId = await newPlayer(db, 100_000);
    await desk.place({
      playerId,
      roundId,
      requestId: randomUUID(),
      bets: [{ bet, amount: 1_000 }],
    });
    players.push(playerId);
  }
  const open = await roundRowOf(db, roundId);
  const close = await messages(() =>
    closeBetting(db, table, open, definition, { windowMs: 1_000 }),
  );
  return {
    roundId,
    table,
    definition,
    players,
    closed: close.value,
    closeMessages: close.messages,
  };
}

/** Each player's `round.settled` tells the wallet after the settlement, or none when nothing came back. */
async function expectWalletsTold(roundId: string, players: readonly string[]): Promise<void> {
  const told = (await eventsOf(roundId)).filter(
    (event) => event.type === "round.settled" && event.playerId !== null,
  );
  expect(told.map((event) => event.playerId).sort()).toEqual([...players].sort());
  for (const event of told) {
    const payload = event.payload as { returned: number; balance: number | null };
    // A player who got nothing back: no wallet moved, none told (as the ledger's answer says).
    const wallet = payload.returned > 0 ? await balance({ db, playerId: event.playerId! }) : null;
    expect(payload.balance).toBe(wallet);
  }
  expect(told.some((event) => (event.payload as { returned: number }).returned > 0)).toBe(true);
}

describe("a dealer's step as one message", () => {
  it("closes betting in one message, deals each card in one and settles in two; each paid player is told the wallet after", async () => {
    const { roundId, table, definition, players, closeMessages } = await closedRound();
    expect(closeMessages).toBe(1);
    expect((await roundRowOf(db, roundId)).phase).toBe("dealing");

    let round = await roundRowOf(db, roundId);
    let shoe = await shoeRowOf(db, round.shoeId);
    let settled = false;
    let deals = 0;
    while (!settled) {
      const dealt = await messages(() => dealStep(db, table, definition, round, shoe));
      const step = dealt.value;
      if (step.dealt === null) throw new Error("an automatic shoe always deals");
      deals += 1;
      settled = step.settled;
      // Cards only: one message; the deal that settles: its bets read with the lock, then the rest.
      expect(dealt.messages).toBe(settled ? 2 : 1);
      round = step.round;
      shoe = step.shoe;
    }
    expect(deals).toBeGreaterThanOrEqual(4);
    expect((await roundRowOf(db, roundId)).phase).toBe("settled");

    const bets = await betsOf(db, roundId);
    expect(bets.every((bet) => bet.status === "settled")).toBe(true);
    await expectWalletsTold(roundId, players);
    expect((await checkBooks(db)).clean).toBe(true);
  });

  it("a round dealt on from its close settles in one message: the close read its bets", async () => {
    const { roundId, table, definition, players, closed } = await closedRound();
    expect(closed.betsAtClose?.map((bet) => bet.bet).sort()).toEqual(["banker", "player", "tie"]);
    const shoe = await shoeRowOf(db, closed.shoeId);
    const dealt = await messages(() =>
      dealStep(db, table, definition, closed, shoe, { through: true }),
    );
    expect(dealt.value.dealt === null ? null : dealt.value.settled).toBe(true);
    expect(dealt.messages).toBe(1);
    expect((await betsOf(db, roundId)).every((bet) => bet.status === "settled")).toBe(true);
    await expectWalletsTold(roundId, players);
    expect((await checkBooks(db)).clean).toBe(true);
  });

  it("a round of decisions settles in one message from the bets its close read, unless an action in this process staked more: after a double, or an action the runner's round had not seen, they are read again and the double settled", async () => {
    const table = await db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } });
    const definition = definitionOf(table)!;
    const players = new Map<number, string>();
    for (const seat of [1, 2]) {
      players.set(seat, await newPlayer(db, 100_000));
      await sit(db, { playerId: players.get(seat)!, tableId: table.id, seat });
    }
    // The players' actions reach the runner of their table in this process: this test is it.
    let acted: ActedRound | undefined;
    onTestFinished(onActedHere(table.id, (each) => (acted = each)));
    const backer = await newPlayer(db, 100_000);
    // In the deal's order (each seat's first card, the up card, the second cards, the hole card,
    // the draws): seat 1 has 11, seat 2 17, the dealer 17; a double draws the 2.
    const cases = [
      // A bet behind seat 2, whose player did not bet: refunded at the close, not settled.
      { seats: [1], behind: 2, deal: "5H 9C 6D 8S", actions: ["stand"], messages: 1 },
      { seats: [1], deal: "5H 9C 6D 8S 2C", actions: ["double"], messages: 2 },
      // The runner's round is the one before both: the stand alone staked nothing.
      { seats: [1, 2], deal: "5H TC 9C 6D 7S 8S 2C", actions: ["double", "stand"], messages: 2 },
    ];
    for (const { seats, behind, deal, actions, messages: expected } of cases) {
      // Enough cards after it that the round is not the shoe's last (that deal reads its bets).
      const cards = [...deal.split(" "), ...Array<string>(100).fill("3D")];
      await stackShoe(db, "joker-blackjack", cards.map(parseCard));
      const opened = await openNextRound(db, "joker-blackjack");
      for (const seat of seats) {
        await desk.place({
          playerId: players.get(seat)!,
          roundId: opened.id,
          requestId: randomUUID(),
          bets: [{ bet: "main", seat, amount: 1_000 }],
        });
      }
      if (behind !== undefined) {
        await desk.place({
          playerId: backer,
          roundId: opened.id,
          requestId: randomUUID(),
          bets: [{ bet: "behind", seat: behind, amount: 1_000 }],
        });
      }
      const closed = await closeBetting(db, table, opened, definition, { windowMs: 1_000 });
      expect(closed.betsAtClose?.length).toBe(seats.length);
      const shoe = await shoeRowOf(db, closed.shoeId);
      const turn = await dealStep(db, table, definition, closed, shoe, { through: true });
      if (turn.dealt === null || turn.settled) throw new Error("seat 1's turn comes first");
      for (const [i, action] of actions.entries()) {
        const seat = seats[i]!;
        const input = { playerId: players.get(seat)!, roundId: opened.id, seat, action };
        await act(db, { ...input, requestId: randomUUID() });
      }
      const seen = { table, definition, since: null, round: turn.round, shoe: turn.shoe };
      const kept = afterAction(seen, acted!)!;
      const settle = await messages(() =>
        dealStep(db, table, definition, kept.round!, kept.shoe!, { through: true }),
      );
      expect(settle.value.dealt === null ? null : settle.value.settled).toBe(true);
      expect(settle.messages).toBe(expected);
      // Every stake settled, the double's too; the unplayed bet behind refunded only.
      const bets = await betsOf(db, opened.id);
      expect(bets.map((bet) => [bet.seat, bet.bet, bet.status])).toEqual([
        ...seats.map((seat) => [seat, "main", "settled"]),
        ...(behind === undefined ? [] : [[behind, "behind", "refunded"]]),
        ...(actions[0] === "double" ? [[1, "double", "settled"]] : []),
      ]);
    }
    expect(await auditLiveTables(db)).toEqual([]);
    expect((await checkBooks(db)).clean).toBe(true);
  });

  it("the bets read at the close are not settled once the round moved: an operator's cancel refunded them", async () => {
    const { roundId, table, definition, closed } = await closedRound();
    // The shoe as the dealer kept it with the round, before the cancel moved it.
    const shoe = await shoeRowOf(db, closed.shoeId);
    await cancelInterruptedRound(db, { operatorId: "op-1", roundId, reason: "camera down" });
    const dealt = await failure(dealStep(db, table, definition, closed, shoe, { through: true }));
    expect(dealt).toBeInstanceOf(FencedError);
    expect((await roundRowOf(db, roundId)).phase).toBe("cancelled");
    expect((await betsOf(db, roundId)).every((bet) => bet.status === "refunded")).toBe(true);
    expect((await checkBooks(db)).clean).toBe(true);
  });

  it("a round moved since the step read it is not written: FencedError for another version, StaleRoundError for a player's move", async () => {
    const { roundId, table, definition } = await closedRound();
    const round = await roundRowOf(db, roundId);
    const shoe = await shoeRowOf(db, round.shoeId);
    const stale = await failure(
      dealStep(db, table, definition, { ...round, moves: round.moves - 1 }, shoe),
    );
    expect(stale).toBeInstanceOf(StaleRoundError);
    const fenced = await failure(
      dealStep(db, table, definition, { ...round, version: round.version - 1 }, shoe),
    );
    expect(fenced).toBeInstanceOf(FencedError);
    // A shoe moved on since (another dealer's step): fenced, as the shoe's own check was.
    const moved = await failure(
      dealStep(db, table, definition, round, { ...shoe, position: shoe.position - 1 }),
    );
    expect(moved).toBeInstanceOf(FencedError);
    const after = await roundRowOf(db, roundId);
    expect({ version: after.version, moves: after.moves, cards: after.state.cards }).toEqual({
      version: round.version,
      moves: round.moves,
      cards: round.state.cards,
    });
  });

  it("a settlement the ledger refuses settles nothing: the round stays dealing, its bets open, no event written", async () => {
    const { roundId, table, definition, players } = await closedRound();
    // The stake of the first player leaves play behind the bet's back: its settlement cannot
    // take it from there.
    await transfer(
      db,
      refundRequest({ playerId: players[0]!, roundId, betId: "elsewhere", amount: 1_000 }),
    );
    let round = await roundRowOf(db, roundId);
    const shoe = await shoeRowOf(db, round.shoeId);
    const eventsBefore = (await eventsOf(roundId)).length;
    const dealt = await failure(dealStep(db, table, definition, round, shoe, { through: true }));
    expect(dealt).toMatchObject({ code: "FD003" });
    round = await roundRowOf(db, roundId);
    expect(round.phase).toBe("dealing");
    expect(round.state.cards).toEqual([]);
    expect((await betsOf(db, roundId)).every((bet) => bet.status === "open")).toBe(true);
    expect((await eventsOf(roundId)).length).toBe(eventsBefore);
    expect((await checkBooks(db)).clean).toBe(true);
  });

  it("a table kept from the last round opens its next only as it was read: a change since is read first", async () => {
    const table = await db.table.findUniqueOrThrow({ where: { slug: "baccarat-b" } });
    const options = {
      db,
      tableId: table.id,
      timing: DEFAULT_TIMING,
      rng: cryptoRng(),
      clock: systemClock,
      log: silentLog,
      signal: new AbortController().signal,
    };
    // Metrics are the process's, shared by the files of this worker: each watch ends with the test.
    const watches: RoundWatch[] = [];
    onTestFinished(() => {
      for (const watch of watches) watch.end();
    });
    const run = (kept: TableState | null) => ({
      kept: { state: kept },
      seen: { state: null as TableState | null },
      recovering: false,
      announced: { totals: "" },
      watch: watches[watches.push(new RoundWatch(table.id, silentLog)) - 1]!,
      did: () => undefined,
    });
    // The table as the runner's last step left it: between rounds, dealt automatically.
    const kept = await readTable(sqlClient(db), table.id);
    expect(kept.round).toBeNull();
    await db.table.update({ where: { id: table.id }, data: { dealing: "studio" } });
    const stepped = run(kept);
    await step(options, stepped);
    // Not opened over the change: read again, and a studio table's rounds open at its console.
    expect(stepped.seen.state).not.toBe(kept);
    expect(stepped.seen.state?.table.dealing).toBe("studio");
    expect(await db.round.count({ where: { tableId: table.id } })).toBe(0);

    await db.table.update({ where: { id: table.id }, data: { dealing: "automatic" } });
    const asRead = await readTable(sqlClient(db), table.id);
    const unchanged = run(asRead);
    await step(options, unchanged);
    // As read: opened from the kept table, with no read of it.
    expect(unchanged.seen.state).toBe(asRead);
    expect(await db.round.count({ where: { tableId: table.id, phase: "betting" } })).toBe(1);
  });
});
