import { describe, expect, it } from "vitest";

import type { Shoe } from "@fuda/shoe";
import { burnFirstCard, newStudioShoe, parseCardCode, standardDecks } from "@fuda/shoe";

import type { GameDefinition, LiveRound } from "../../src";
import { baccaratDefinition, pokDengDefinition, studioCardRefusal, studioTry } from "../../src";

const card = (code: string): number => parseCardCode(code)!;

/** Enters `code` where the round's next step needs it, then takes every step that is ready. */
function enter(
  definition: Pick<GameDefinition, "dealerStep">,
  shoe: Shoe,
  round: LiveRound,
  code: string,
): { round: LiveRound; position: string | null } {
  const need = studioTry(shoe, round.first, (copy) => definition.dealerStep(copy, round));
  if (need.ready) throw new Error("a card was not needed");
  shoe.cards[need.index] = card(code);
  const taken = studioTry(shoe, round.first, (copy) => definition.dealerStep(copy, round));
  if (!taken.ready) throw new Error(`still needs ${taken.index}`);
  return { round: taken.result.round, position: need.position };
}

describe("studio shoes: the game says which card it needs next", () => {
  it("baccarat asks for each card by its position and deals the rule book's third cards", () => {
    const definition = baccaratDefinition("commission");
    const shoe = newStudioShoe(416);
    shoe.cards[0] = card("3S");
    expect(burnFirstCard(shoe)).toEqual({ shownCard: card("3S"), burnCount: 3 });
    const opened = studioTry(shoe, shoe.position, (copy) => definition.startRound(copy));
    expect(opened.ready).toBe(true);
    let round = (opened as { result: LiveRound }).result;
    expect(shoe.round).toBe(1);
    const positions: (string | null)[] = [];
    for (const code of ["2S", "4D", "3H", "KC", "7S", "5H"]) {
      const step = enter(definition, shoe, round, code);
      positions.push(step.position);
      round = step.round;
    }
    expect(positions).toEqual([
      "player-1",
      "banker-1",
      "player-2",
      "banker-2",
      "player-3",
      "banker-3",
    ]);
    expect(round.dealt).toBe(true);
    expect(definition.outcome(round)).toMatchObject({ winner: "banker" });
    // Burns never entered stay unknown; the dealt cards are where the game read them.
    expect(Array.from(shoe.cards.subarray(4, 10))).toEqual(
      ["2S", "4D", "3H", "KC", "7S", "5H"].map(card),
    );
  });

  it("a natural needs no third card: the step after the fourth card ends the round", () => {
    const definition = baccaratDefinition("commission");
    const shoe = newStudioShoe(416);
    shoe.cards[0] = card("TS");
    burnFirstCard(shoe);
    let round = (
      studioTry(shoe, shoe.position, (copy) => definition.startRound(copy)) as {
        result: LiveRound;
      }
    ).result;
    for (const code of ["9S", "2D", "KH", "3C"]) round = enter(definition, shoe, round, code).round;
    expect(round.dealt).toBe(true);
    expect(definition.outcome(round)).toMatchObject({ winner: "player" });
  });

  it("Pok Deng asks for the cards in the order it reveals them, past its burn", () => {
    const definition = pokDengDefinition();
    const shoe = newStudioShoe(416);
    shoe.cards[0] = card("AS");
    burnFirstCard(shoe);
    let round = (
      studioTry(shoe, shoe.position, (copy) => definition.startRound(copy)) as {
        result: LiveRound;
      }
    ).result;
    const positions: (string | null)[] = [];
    const codes = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"];
    for (const code of codes) {
      const step = enter(definition, shoe, round, code);
      positions.push(step.position);
      round = step.round;
    }
    expect(round.dealt).toBe(true);
    expect(positions).toEqual(definition.publicView(round).cards.map((shown) => shown.position));
    expect(positions.slice(0, 2)).toEqual(["seat-1-1", "seat-1-2"]);
  });

  it("refuses a card the shoe cannot hold", () => {
    const shoe = newStudioShoe(416);
    const decks = standardDecks(8);
    for (let i = 0; i < 8; i++) shoe.cards[i] = card("AS");
    expect(studioCardRefusal(shoe, decks, card("AS"))).toBe("CARD_NOT_IN_SHOE");
    expect(studioCardRefusal(shoe, decks, card("AH"))).toBeNull();
    expect(studioCardRefusal(shoe, decks, card("JK"))).toBe("CARD_NOT_IN_SHOE");
  });
});
