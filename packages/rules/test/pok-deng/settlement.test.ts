import { makeCard } from "@fuda/shoe";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { TableLimits } from "../../src/limits";
import type { PokDengBet, PokDengBetId, PokDengRound, SeatNumber } from "../../src/pok-deng";
import { depositFor, reservedFor, settleBet, settleRound, validateBets } from "../../src/pok-deng";
import { handClass, handCode } from "../../src/pok-deng/hand";
import { seatOutcomeIndex, seatOutcomeOfClasses } from "../../src/pok-deng/outcome";
import { cards, roundWith } from "./helpers";

const bet = (id: PokDengBet["id"], stake = 100, seat: SeatNumber = 1): PokDengBet => ({
  id,
  seat,
  stake,
});
const settle = (player1: string, banker: string, stake = 100) =>
  settleBet(bet("seat", stake), roundWith(player1, banker));

const limits: TableLimits<PokDengBetId> = {
  seat: { min: 100, max: 100_000 },
  seatPair: { min: 100, max: 10_000 },
};

describe("Player N bet settlement", () => {
  it("a win without a pattern pays 1:1", () => {
    expect(settle("9♠ K♥", "8♦ Q♣")).toMatchObject({ outcome: "win1to1", returned: 300, net: 100 });
  });

  it("a win with a flush or a pair pays 2:1", () => {
    expect(settle("9♠ K♠", "8♦ Q♣")).toMatchObject({ outcome: "win2to1", returned: 400, net: 200 });
    expect(settle("4♠ 4♥", "7♦ K♣")).toMatchObject({ outcome: "win2to1", returned: 400 });
  });

  it("a 7.x win over a plain Banker 0 or 6 pays only 1:1", () => {
    expect(settle("A♦ K♦", "4♦ 6♣").outcome).toBe("win1to1");
    expect(settle("J♠ Q♥", "K♦ 6♣").outcome).toBe("win1to1");
    expect(settle("10♣ K♥", "3♦ 3♣").outcome).toBe("win1to1");
  });

  it("the 1:1 exception ignores the Banker's flush: only its plain total 0 or 6 counts", () => {
    expect(settle("2♥ 8♥", "3♣ 3♣")).toMatchObject({ outcome: "win1to1", returned: 300 });
  });

  it("a 7.x win over any other Banker total, or over a Banker 7.x, pays 2:1", () => {
    expect(settle("A♦ K♦", "5♦ 6♣").outcome).toBe("win2to1");
    expect(settle("A♦ K♦", "3♦ 4♣").outcome).toBe("win2to1");
    expect(settle("A♦ K♦", "Q♦ K♣").outcome).toBe("win2to1");
  });

  it("a win with a flush or pair that is not 7.x over a Banker 0 or 6 still pays 2:1", () => {
    expect(settle("2♠ 2♥", "4♦ 6♣")).toMatchObject({ outcome: "win2to1", returned: 400 });
    expect(settle("3♦ 4♦", "K♦ 6♣")).toMatchObject({ outcome: "win2to1", returned: 400 });
  });

  it("equal scores tie and return the 200 reserved, whatever the patterns", () => {
    expect(settle("5♥ 5♦", "A♣ A♠")).toMatchObject({ outcome: "tie", returned: 200, net: 0 });
    expect(settle("9♠ K♠", "9♦ Q♣")).toMatchObject({ outcome: "tie", returned: 200 });
  });

  it("suits never break a tie: two AK flushes tie", () => {
    expect(settle("A♠ K♠", "A♥ K♥").outcome).toBe("tie");
  });

  it("a Banker win without a pattern costs the stake, with a pattern twice the stake", () => {
    expect(settle("2♠ 3♥", "8♦ Q♣")).toMatchObject({ outcome: "lose1to1", returned: 100 });
    expect(settle("2♠ 3♥", "8♦ Q♦")).toMatchObject({ outcome: "lose2to1", returned: 0 });
    expect(settle("2♠ 3♥", "8♦ 8♣")).toMatchObject({ outcome: "lose2to1", net: -200 });
  });

  it("each seat is compared with the Banker on its own", () => {
    const round: PokDengRound = {
      players: [cards("9♠ K♥"), cards("2♠ 3♥"), cards("3♣ 4♥"), cards("8♦ Q♣"), cards("A♠ 6♦")],
      banker: cards("8♣ K♦"),
    };
    const bets = ([1, 2, 3, 4, 5] as const).map((seat) => bet("seat", 100, seat));
    expect(settleRound(bets, round).map((s) => s.outcome)).toEqual([
      "win1to1",
      "lose1to1",
      "lose1to1",
      "tie",
      "lose1to1",
    ]);
  });
});

describe("settling a bet", () => {
  it("holds a deposit equal to the stake on a Player N bet", () => {
    expect(depositFor(bet("seat", 700))).toBe(700);
    expect(reservedFor(bet("seat", 700))).toBe(1400);
  });

  it("refuses an unknown bet or seat instead of settling it as a Player N bet", () => {
    const round = roundWith("9♠ K♠", "A♣ 2♣");
    const banker = { id: "banker" as PokDengBet["id"], seat: 1 as const, stake: 100 };
    expect(() => settleBet(banker, round)).toThrow('cannot settle: bet "banker" does not exist');
    expect(() => settleBet(bet("seatPair", 100, 6 as SeatNumber), round)).toThrow(
      "cannot settle: seatPair: seat must be 1 to 5, got 6",
    );
    expect(() => settleBet(bet("seat", Number.NaN), round)).toThrow(
      "cannot settle Player 1: stake must be a positive integer of units",
    );
  });
});

describe("Player N Pair bet", () => {
  it("pays 11:1 on two cards of one rank, with no deposit", () => {
    expect(depositFor(bet("seatPair"))).toBe(0);
    expect(settleBet(bet("seatPair"), roundWith("7♠ 7♥", "A♣ 2♣"))).toMatchObject({
      returned: 1200,
      net: 1100,
    });
  });

  it("loses its stake otherwise, even when the seat wins", () => {
    expect(settleBet(bet("seatPair"), roundWith("9♠ K♠", "A♣ 2♣"))).toMatchObject({
      returned: 0,
      net: -100,
    });
  });

  it("settles on the seat it names", () => {
    const round: PokDengRound = {
      players: [cards("9♠ K♥"), cards("Q♠ Q♥"), ...Array.from({ length: 3 }, () => cards("2♠ 3♥"))],
      banker: cards("8♣ K♦"),
    };
    expect(settleBet(bet("seatPair", 100, 2), round).returned).toBe(1200);
    expect(settleBet(bet("seatPair", 100, 1), round).returned).toBe(0);
  });
});

describe("bet validation", () => {
  it("accepts bets within the limits that the balance covers, deposits included", () => {
    const bets = [bet("seat", 1000, 1), bet("seatPair", 100, 1), bet("seat", 500, 5)];
    expect(validateBets({ bets, limits, balance: 3100 })).toEqual([]);
  });

  it("refuses bets the balance cannot cover with their deposit", () => {
    const violations = validateBets({ bets: [bet("seat", 1000)], limits, balance: 1500 });
    expect(violations).toEqual([
      expect.objectContaining({ bet: null, rule: "INSUFFICIENT_BALANCE" }),
    ]);
    expect(violations[0]!.message).toMatch(/reserve 20 .*deposit.*balance is 15/);
  });

  it("applies the limits of each bet type to the total on one spot", () => {
    const violations = validateBets({
      bets: [bet("seatPair", 6000, 3), bet("seatPair", 6000, 3), bet("seat", 100, 3)],
      limits,
      balance: 1_000_000,
    });
    expect(violations).toEqual([
      {
        bet: 0,
        rule: "ABOVE_MAX",
        message: "Player 3 Pair: stake 120 is above the table maximum of 100",
      },
    ]);
  });

  it("names the bet and the rule for stakes below the minimum or not whole points", () => {
    const violations = validateBets({
      bets: [bet("seat", 100, 2), bet("seatPair", 150, 4)],
      limits: { ...limits, seat: { min: 500, max: 100_000 } },
      balance: 1_000_000,
    });
    expect(violations.map((v) => v.message)).toEqual([
      "Player 4 Pair: stake must be a positive whole number of points (multiples of 100 units), got 150",
      "Player 2: stake 1 is below the table minimum of 5",
    ]);
  });

  it("refuses unknown seats and bet ids", () => {
    const violations = validateBets({
      bets: [
        { id: "seat", seat: 6 as SeatNumber, stake: 100 },
        { id: "banker" as PokDengBet["id"], seat: 1, stake: 100 },
      ],
      limits,
      balance: 1_000_000,
    });
    expect(violations.map((v) => v.rule)).toEqual(["UNKNOWN_SEAT", "UNKNOWN_BET"]);
    expect(violations[0]!.message).toBe("seat: seat must be 1 to 5, got 6");
  });

  it("a zero stake is refused as not a positive stake, not as below the minimum", () => {
    const violations = validateBets({ bets: [bet("seat", 0, 1)], limits, balance: 1_000_000 });
    expect(violations.map((v) => v.rule)).toEqual(["STAKE_NOT_WHOLE_POINTS"]);
  });

  it("accepts a spot total exactly at the maximum and refuses one point more", () => {
    const at = (stake: number) =>
      validateBets({ bets: [bet("seatPair", stake, 2)], limits, balance: 1_000_000 });
    expect(at(10_000)).toEqual([]);
    expect(at(10_100).map((v) => v.rule)).toEqual(["ABOVE_MAX"]);
  });

  it("a refused negative stake does not lower what the other bets reserve", () => {
    const violations = validateBets({
      bets: [bet("seat", 1000, 1), bet("seat", -1000, 2)],
      limits,
      balance: 1000,
    });
    expect(violations.map((v) => v.rule)).toEqual([
      "STAKE_NOT_WHOLE_POINTS",
      "INSUFFICIENT_BALANCE",
    ]);
  });
});

const pokDengCard = fc
  .tuple(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 0, max: 3 }))
  .map(([rank, suit]) => makeCard(rank, suit));
const twoCards = fc.tuple(pokDengCard, pokDengCard);
const anyRound = fc
  .tuple(fc.array(twoCards, { minLength: 5, maxLength: 5 }), twoCards)
  .map(([players, banker]): PokDengRound => ({ players, banker }));
const anyBet = fc.record({
  id: fc.constantFrom<PokDengBet["id"]>("seat", "seatPair"),
  seat: fc.constantFrom<SeatNumber>(1, 2, 3, 4, 5),
  stake: fc.integer({ min: 1, max: 10_000 }).map((points) => points * 100),
});

describe("settlement invariants", () => {
  it("a Player N bet returns between 0 and twice what it reserved; a Pair bet 0 or 12×", () => {
    fc.assert(
      fc.property(anyBet, anyRound, (placed, round) => {
        const { returned, net } = settleBet(placed, round);
        expect(net).toBe(returned - reservedFor(placed));
        if (placed.id === "seat") {
          expect([0, 1, 2, 3, 4].map((k) => k * placed.stake)).toContain(returned);
        } else expect([0, 12 * placed.stake]).toContain(returned);
      }),
    );
  });

  it("swapping the seat's and the Banker's hands mirrors the result (except the 1:1 rule)", () => {
    fc.assert(
      fc.property(twoCards, twoCards, (player, banker) => {
        const round = (p: typeof player, b: typeof banker): PokDengRound => ({
          players: Array.from({ length: 5 }, () => p),
          banker: b,
        });
        const there = settleBet(bet("seat"), round(player, banker)).outcome;
        const back = settleBet(bet("seat"), round(banker, player)).outcome;
        const mirror: Record<string, string[]> = {
          win1to1: ["lose1to1", "lose2to1"],
          win2to1: ["lose2to1"],
          tie: ["tie"],
          lose1to1: ["win1to1"],
          lose2to1: ["win2to1", "win1to1"],
        };
        expect(mirror[there!]).toContain(back);
      }),
    );
  });
});

describe("outcome table", () => {
  it("the simulator's outcome-by-class table agrees with the rule for every two hands", () => {
    fc.assert(
      fc.property(twoCards, twoCards, (player, banker) => {
        const [p, b] = [handCode(...player), handCode(...banker)];
        expect(seatOutcomeOfClasses(handClass(p), handClass(b))).toBe(seatOutcomeIndex(p, b));
      }),
      { numRuns: 2000 },
    );
  });
});
