/**
 * Jokers and premiums at a live joker blackjack table, through the game definition: each is
 * published right after the card that made it (docs/rules/joker-blackjack.md, The joker and
 * Premium hands). Amounts in points.
 */
import { describe, expect, it } from "vitest";

import {
  card,
  decisions,
  definition,
  dealt,
  LiveTable,
  POINT,
  seats,
  types,
} from "./joker-blackjack-table";

describe("jokers and premiums, published with the card that made them", () => {
  it("the last seat's joker: a further 3× then the joker's 2×, right after its card", () => {
    const t = new LiveTable(["9H 7D", "5D JK"], "9C 7S", "TC");
    const deal = t.deal();
    const at = deal.findIndex(
      (event) => event.type === "card.dealt" && event.position === "seat-2.1-2",
    );
    expect(deal.slice(at + 1, at + 3)).toMatchObject([
      {
        type: "hand.settled",
        seat: 2,
        kind: "bonus",
        reason: "last-seat bonus",
        amount: 30 * POINT,
      },
      { type: "hand.settled", seat: 2, kind: "settle", reason: "joker", amount: 20 * POINT },
    ]);
    t.act(1, "stand");
    // The joker's bet is final; the hand plays on for premiums (hit or stand only).
    expect(decisions.pending(t.round)!.actions).toEqual(["hit", "stand"]);
    t.act(2, "stand");
    expect(t.rows()).toEqual(["main@1 10→20", "main@2 10→50"]);
    expect(t.returned()).toEqual(t.engineReturned());
  });

  it("the last seat's joker with fewer points than at sit-down restores them", () => {
    const t = new LiveTable(
      ["9H 7D", "JK 5D"],
      "9C 7S",
      "TC",
      seats(2, [{}, { balance: 950 * POINT }]),
    );
    t.deal();
    t.act(1, "stand");
    t.act(2, "stand");
    expect(t.settled(2)).toEqual(["last-seat restore 50", "joker 20"]);
    expect(t.rows()).toEqual(["main@1 10→20", "main@2 10→70"]);
  });

  it("a joker in the hole stays hidden until the reveal, then pushes every open bet", () => {
    const t = new LiveTable(["9H 7D"], "TC JK");
    t.deal();
    const view = definition.publicView(t.round);
    expect(view.cards.map(({ position }) => position)).not.toContain("dealer-2");
    expect(view.totals.dealer).toBe(10);
    expect(JSON.stringify(t.round.cards)).not.toContain(String(card("JK")));
    const end = t.act(1, "stand");
    expect(end).toContainEqual(
      expect.objectContaining({ type: "card.dealt", position: "dealer-2", card: card("JK") }),
    );
    expect(t.settled(1)).toEqual(["forced push 10"]);
    expect(end.at(-1)).toMatchObject({ type: "round.result", roadMark: { dealer: "joker" } });
  });

  it("an up-card joker ends the deal at once: every bet not yet final pushes", () => {
    const t = new LiveTable(["JK 5D", "9H 7D"], "JK 7S");
    const deal = t.deal();
    expect(dealt(deal)).toEqual(["seat-1.1-1", "seat-2.1-1", "dealer-1"]);
    expect(types(deal).slice(-2)).toEqual(["hand.settled", "round.result"]);
    expect(t.shoe.position).toBe(3);
    expect(t.settled(1)).toEqual(["joker 20"]);
    expect(t.settled(2)).toEqual(["forced push 10"]);
    expect(t.returned()).toEqual({ 1: 20, 2: 10 });
    expect(t.returned()).toEqual(t.engineReturned());
  });

  it("a Pure BJ is paid with its second card; a 678 with the hit that makes it", () => {
    const t = new LiveTable(["AS JS", "6H 7D"], "9C 7S", "8C");
    const deal = t.deal();
    const at = deal.findIndex(
      (event) => event.type === "card.dealt" && event.position === "seat-1.1-2",
    );
    expect(deal[at + 1]).toMatchObject({
      type: "hand.settled",
      reason: "Pure BJ",
      amount: 50 * POINT,
    });
    const hit = t.act(2, "hit");
    expect(types(hit).slice(0, 3)).toEqual(["action.taken", "card.dealt", "hand.settled"]);
    expect(t.settled(2)).toEqual(["678 30"]);
    expect(t.round.dealt).toBe(true);
    // Every bet is final: the dealer turns the hole card and draws nothing.
    expect(definition.updateRoad([], t.round)).toEqual([
      { dealer: 16, premiums: ["Pure BJ", "678"] },
    ]);
    expect(t.returned()).toEqual(t.engineReturned());
  });
});
