import { describe, expect, it } from "vitest";

import type { PokDengRound } from "../../src/pok-deng";
import { seatRoadMark, seatRoads } from "../../src/pok-deng";
import { cards, roundWith } from "./helpers";

describe("seat roads", () => {
  it("marks a Player win blue, a loss grey, a tie green (as win / lose / tie)", () => {
    expect(seatRoadMark(roundWith("9♠ K♥", "8♦ Q♣"), 1).result).toBe("win");
    expect(seatRoadMark(roundWith("2♠ 3♥", "8♦ Q♣"), 1).result).toBe("lose");
    expect(seatRoadMark(roundWith("J♦ A♣", "6♣ 5♣"), 1).result).toBe("tie");
  });

  it("rings a flush and dots a pair of the seat's own cards", () => {
    expect(seatRoadMark(roundWith("5♣ 5♣", "2♥ 4♥"), 1)).toEqual({
      result: "win",
      flushRing: true,
      pairDot: true,
    });
    expect(seatRoadMark(roundWith("10♣ 10♥", "6♠ 8♠"), 1)).toEqual({
      result: "win",
      flushRing: false,
      pairDot: true,
    });
    expect(seatRoadMark(roundWith("9♦ 6♣", "8♣ J♣"), 1)).toEqual({
      result: "lose",
      flushRing: false,
      pairDot: false,
    });
  });

  it("lists each seat's marks round by round, seat 1 first", () => {
    const first: PokDengRound = {
      players: [cards("9♠ K♥"), cards("2♠ 3♠"), cards("Q♠ Q♥"), cards("8♦ Q♣"), cards("A♠ 6♦")],
      banker: cards("8♣ K♦"),
    };
    const second = roundWith("2♠ 3♥", "J♣ K♦");
    const roads = seatRoads([first, second]);
    expect(roads).toHaveLength(5);
    expect(roads.map((road) => road.map((mark) => mark.result))).toEqual([
      ["win", "lose"],
      ["lose", "lose"],
      ["lose", "lose"],
      ["tie", "lose"],
      ["lose", "lose"],
    ]);
    expect(roads[1]![0]!.flushRing).toBe(true);
    expect(roads[2]![0]!.pairDot).toBe(true);
  });
});
