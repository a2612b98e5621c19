import { describe, expect, it } from "vitest";

import {
  DEFAULT_CONFIG,
  DEFAULT_PAY_TABLE,
  PREMIUMS,
  payTableFrom,
  simulate,
} from "../../src/joker-blackjack";
import type { PayTable } from "../../src/joker-blackjack";
import { Table, seats } from "./table";

const withPays = (edit: Parameters<typeof payTableFrom>[0]): PayTable => {
  const result = payTableFrom(edit);
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join("; "));
  return result.payTable;
};

const tableWith = (payTable: PayTable, players: string[], dealer: string, after = "") =>
  new Table(players, dealer, after, seats(players.length), { ...DEFAULT_CONFIG, payTable });

describe("the pay table", () => {
  it("defaults to the rule book's premiums and a 2× player joker", () => {
    expect(DEFAULT_PAY_TABLE.playerJoker).toBe(2);
    for (const [name, premium] of Object.entries(PREMIUMS)) {
      expect(DEFAULT_PAY_TABLE.premiums[premium.name]).toBe(premium.pays);
      expect(name).toBe(premium.name);
    }
    expect(DEFAULT_PAY_TABLE.premiums["Three 7s"]).toBe(10);
  });

  it("a changed premium pays the changed amount: Three 7s at 8× returns 80 on 10", () => {
    const t = tableWith(
      withPays({ premiums: { "Three 7s": 8 } }),
      ["7H 7D", "9H 7D"],
      "9C 7S",
      "7C",
    );
    t.deal();
    t.act(1, "hit");
    expect(t.of(1)).toEqual(["Three 7s 80"]);
  });

  it("a half multiple pays whole units: 678 at 2.5× on 10 points returns 25", () => {
    const t = tableWith(withPays({ premiums: { "678": 2.5 } }), ["6H 7D", "9H 7D"], "9C 7S", "8C");
    t.deal();
    t.act(1, "hit");
    expect(t.of(1)).toEqual(["678 25"]);
    expect(Number.isInteger(t.settlements[0]!.amount)).toBe(true);
  });

  it("a changed player-joker return pays it, and a later premium tops up from it", () => {
    const payTable = withPays({ playerJoker: 1.5 });
    const t = tableWith(payTable, ["JK 6D", "9H 7D"], "9C 7S", "7C");
    t.deal();
    expect(t.of(1)).toEqual(["joker 15"]);
    t.act(1, "hit");
    expect(t.of(1)).toEqual(["joker 15", "678 15"]);
    expect(t.returned(1)).toBe(30);
  });

  it("the last seat's joker: the further 3× stays, the normal effect follows the pay table", () => {
    const t = tableWith(withPays({ playerJoker: 3 }), ["9H 7D", "5D JK"], "9C 7S");
    t.deal();
    expect(t.of(2)).toEqual(["last-seat bonus 30", "joker 30"]);
  });

  it("the default pay table settles as before: a config without one pays the rule book", () => {
    const t = new Table(["7H 7D", "9H 7D"], "9C 7S", "7C");
    t.deal();
    t.act(1, "hit");
    expect(t.of(1)).toEqual(["Three 7s 100"]);
  });

  it("an edit is merged over the default", () => {
    const payTable = withPays({ premiums: { "A to 6": 40 } });
    expect(payTable.premiums["A to 6"]).toBe(40);
    expect(payTable.premiums["Pure BJ"]).toBe(5);
    expect(payTable.playerJoker).toBe(2);
  });

  it("refuses pays that are negative, not halves, out of bounds or of no premium, naming each field", () => {
    const result = payTableFrom({
      premiums: { "Three 7s": -1, "678": 2.3, "A to 6": 5000, Royal: 3, "Pure BJ": "5" },
      playerJoker: 0,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const messages = new Map(result.problems.map((p) => [p.field, p.message]));
    expect([...messages.keys()].sort()).toEqual([
      "playerJoker",
      "premiums.678",
      "premiums.A to 6",
      "premiums.Pure BJ",
      "premiums.Royal",
      "premiums.Three 7s",
    ]);
    expect(messages.get("premiums.Three 7s")).toBe(
      "premiums.Three 7s: a multiple of 0.5 from 1 to 1000 (the total return, stake included), got -1",
    );
    expect(messages.get("premiums.Royal")).toMatch(/^premiums\.Royal: no such premium/);
  });
});

describe("the simulator with a pay table", () => {
  const options = { rounds: 4_000, seed: "0a" };

  it("is deterministic with a seed, and the default pay table changes nothing", () => {
    const a = simulate(options);
    const b = simulate({ ...options, payTable: DEFAULT_PAY_TABLE });
    expect(b).toEqual(a);
  });

  it("lower premiums and a smaller joker return lower the return", () => {
    const base = simulate(options);
    const premiums = Object.fromEntries(
      Object.keys(DEFAULT_PAY_TABLE.premiums).map((name) => [name, 1]),
    );
    const lower = simulate({ ...options, payTable: withPays({ premiums, playerJoker: 1 }) });
    // The joker's 1.6 % and the premiums' 2.1 % of the rule book's return mostly go.
    expect(lower.bets).toBe(base.bets);
    expect(lower.rtp).toBeLessThan(base.rtp - 0.02);
    expect(lower.premiums["Three 7s"].rtp).toBeLessThan(base.premiums["Three 7s"].rtp);
  });

  it("reports its progress as it goes, and once at the end", () => {
    const seen: number[] = [];
    simulate({ ...options, progressEvery: 1_000, onProgress: (played) => seen.push(played) });
    expect(seen).toEqual([1_000, 2_000, 3_000, 4_000]);
  });
});
