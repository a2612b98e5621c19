import { describe, expect, it } from "vitest";

import {
  DEFAULT_CONFIG,
  apply,
  bestTotal,
  createRound,
  legalActions,
} from "../../src/joker-blackjack";
import { POINT, Table, cards, seats } from "./table";

describe("seats and limits", () => {
  const shoe = { cards: cards("TH 6D 9C 7S"), position: 0 };

  it("a bet outside the table limits is refused, naming the seat and the limits", () => {
    const config = { ...DEFAULT_CONFIG, limits: { main: { min: 5 * POINT, max: 500 * POINT } } };
    expect(() => createRound(config, seats(1, [{ stake: 600 * POINT }]), shoe)).toThrow(
      /seat 1: stake 600 is outside the table limits 5..500 points/,
    );
    expect(() => createRound(config, seats(1, [{ stake: 4 * POINT }]), shoe)).toThrow(
      /seat 1: stake 4 is outside/,
    );
    expect(createRound(config, seats(1, [{ stake: 500 * POINT }]), shoe).seats).toHaveLength(1);
  });

  it("a seat number must be free and within the table", () => {
    expect(() => createRound(DEFAULT_CONFIG, seats(2, [{}, { seat: 1 }]), shoe)).toThrow(
      /seat 1 must be a free seat number 1..7/,
    );
    expect(() => createRound(DEFAULT_CONFIG, seats(1, [{ seat: 8 }]), shoe)).toThrow(/seat 8/);
  });

  it("a bet below the table minimum is refused too", () => {
    const config = { ...DEFAULT_CONFIG, limits: { main: { min: 5 * POINT, max: 500 * POINT } } };
    expect(() => createRound(config, seats(1, [{ stake: 4 * POINT }]), shoe)).toThrow(
      /seat 1: stake 4 is outside the table limits 5..500 points/,
    );
    expect(createRound(config, seats(1, [{ stake: 5 * POINT }]), shoe).seats).toHaveLength(1);
  });

  it("a round needs a bettor, and balances that are whole non-negative units", () => {
    expect(() => createRound(DEFAULT_CONFIG, [], shoe)).toThrow(/needs a bettor/);
    expect(() => createRound(DEFAULT_CONFIG, seats(1, [{ balance: -1 }]), shoe)).toThrow(
      /seat 1: balance must be ≥ 0/,
    );
    expect(() => createRound(DEFAULT_CONFIG, seats(1, [{ balance: 0.5 }]), shoe)).toThrow(
      /seat 1: balance/,
    );
    expect(() => createRound(DEFAULT_CONFIG, seats(1, [{ sitDownBalance: -1 }]), shoe)).toThrow(
      /seat 1: sitDownBalance must be ≥ 0/,
    );
  });
});

describe("settlement records", () => {
  it("a record carries the seat, player, hand, bet, kind, reason, stake, amount in minor units and awards", () => {
    const t = new Table(["9H 7D", "8H 8D"], "9C 7S", "7H 6H 2C 9S");
    t.deal();
    t.act(1, "stand");
    t.act(2, "split", "hit");
    expect(t.settlements).toEqual([
      {
        seat: 2,
        player: "p2",
        hand: 0,
        bet: "hand",
        kind: "settle",
        reason: "Flush 678",
        stake: 10 * POINT,
        amount: 50 * POINT,
        awards: ["Nailed A"],
      },
    ]);
  });
});

describe("turn order and actions", () => {
  it("seats act one at a time from the right: seat 1 first, whatever order they sat in", () => {
    const t = new Table(["TH 6D", "TC 7D", "TD 8D"], "9C 7S", "", [...seats(3).reverse()]);
    t.deal();
    expect(t.state.seats.map((s) => s.seat)).toEqual([1, 2, 3]);
    expect(legalActions(t.state, 1)).toContain("hit");
    expect(legalActions(t.state, 2)).toEqual([]);
    t.act(1, "stand");
    expect(legalActions(t.state, 2)).toContain("hit");
  });

  it("an action out of turn is refused with a clear error and the state is unchanged", () => {
    const t = new Table(["TH 6D", "TC 7D"], "9C 7S");
    t.deal();
    const before = t.state;
    const snapshot = JSON.stringify({ ...before, previous: null, shoe: null });
    expect(() => apply(before, { type: "hit", seat: 2 })).toThrow(
      /not seat 2's turn \(seat 1 is acting\)/,
    );
    expect(() => apply(before, { type: "reveal" })).toThrow(/dealer's next step is none/);
    expect(JSON.stringify({ ...before, previous: null, shoe: null })).toBe(snapshot);
  });

  it("an illegal action is refused: no double after a hit", () => {
    const t = new Table(["2H 3D"], "9C 7S", "4C");
    t.deal();
    t.act(1, "hit");
    expect(() => t.act(1, "double")).toThrow(
      /double: not allowed for seat 1 now \(allowed: hit, stand\)/,
    );
  });

  it("a player who does not act before the timer ends stands (never hits)", () => {
    const t = new Table(["TH 2D"], "9C 7S", "KC");
    t.deal();
    t.act(1, "timeout");
    expect(t.state.seats[0]!.hands[0]!.cards).toHaveLength(2);
    expect(t.state.phase).toBe("dealer");
  });

  it("double, split and insurance need the points: a player who cannot cover them is not offered them", () => {
    const t = new Table(["8H 8D"], "AC 7S", "", seats(1, [{ balance: 4 * POINT }]));
    t.deal();
    expect(legalActions(t.state, 1)).toEqual(["declineInsurance"]);
    t.act(1, "declineInsurance");
    expect(legalActions(t.state, 1)).toEqual(["hit", "stand", "surrender"]);
  });

  it("surrender returns half the stake", () => {
    const t = new Table(["TH 6D"], "9C 7S");
    t.deal();
    t.act(1, "surrender");
    expect(t.of(1)).toEqual(["surrender 5"]);
  });

  it("double down doubles the stake and takes exactly one card", () => {
    const t = new Table(["5H 6D"], "9C 7S", "2C 5S");
    t.deal();
    t.act(1, "double");
    const hand = t.state.seats[0]!.hands[0]!;
    expect(hand.cards).toHaveLength(3);
    expect(hand.stake).toBe(20 * POINT);
    expect(t.state.seats[0]!.holdings).toBe(990 * POINT);
    t.do({ type: "reveal" }, { type: "draw" });
    expect(t.of(1)).toEqual(["lose 0"]);
  });

  it("a hard 21 ends the hand by itself: any further card would bust", () => {
    const t = new Table(["TH 6D", "9H 7D"], "9C 7S", "5C");
    t.deal();
    t.act(1, "hit");
    expect(t.state.seats[0]!.hands[0]!.done).toBe(true);
    expect(legalActions(t.state, 2)).toContain("hit");
  });

  it("a soft 21 may still draw: five cards A A A 2 6 hit into a 6-under (3×) instead of standing", () => {
    const t = new Table(["AH AD", "9H 7D"], "9C 7S", "AC 2S 6H 3C");
    t.deal();
    t.act(1, "hit", "hit", "hit");
    expect(bestTotal(t.state.seats[0]!.hands[0]!.cards)).toBe(21);
    expect(legalActions(t.state, 1)).toEqual(["hit", "stand"]);
    t.act(1, "hit", "stand");
    expect(t.of(1)).toEqual(["6-under 30"]);
  });

  it("a blackjack ends the hand by itself", () => {
    const t = new Table(["AH KD", "9H 7D"], "9C 7S");
    t.deal();
    expect(t.state.seats[0]!.hands[0]!.done).toBe(true);
    expect(legalActions(t.state, 1)).toEqual([]);
  });

  it("the dealer draws nothing once no bet is open: every hand bust, the round is over", () => {
    const t = new Table(["TH 6D"], "6C TS", "KC 5C");
    t.deal();
    t.act(1, "hit");
    expect(t.of(1)).toEqual(["lose 0"]);
    t.do({ type: "reveal" });
    expect(t.state.phase).toBe("over");
    expect(t.state.dealer).toEqual(cards("6C TS"));
  });

  it("the dealer stands on soft 17", () => {
    const t = new Table(["TH 8D"], "6C AS");
    t.deal();
    t.act(1, "stand");
    t.do({ type: "reveal" });
    expect(t.state.phase).toBe("over");
    expect(t.of(1)).toEqual(["win 20"]);
  });

  it("the dealer draws to 17 and a higher dealer total wins", () => {
    const t = new Table(["TH 8D"], "6C TS", "5C");
    t.deal();
    t.act(1, "stand");
    t.do({ type: "reveal" });
    expect(t.state.phase).toBe("dealer");
    t.do({ type: "draw" });
    expect(t.of(1)).toEqual(["lose 0"]);
  });

  it("a dealer who busts pays every hand still standing 2×", () => {
    const t = new Table(["TH 8D", "9H 3D"], "6C TS", "8C");
    t.deal();
    t.act(1, "stand");
    t.act(2, "stand");
    t.do({ type: "reveal" }, { type: "draw" });
    expect(t.of(1)).toEqual(["win 20"]);
    expect(t.of(2)).toEqual(["win 20"]);
  });
});

describe("split", () => {
  it("split Aces get one card each and no further action", () => {
    const t = new Table(["AH AD"], "9C 7S", "5H KS 2C");
    t.deal();
    t.act(1, "split");
    expect(t.state.seats[0]!.hands.map((h) => h.cards.length)).toEqual([2, 2]);
    expect(t.state.phase).toBe("dealer");
  });

  it("A + T after a split is 21, not a blackjack", () => {
    const t = new Table(["AH AD"], "9C 7S", "KS 5H 2C");
    t.deal();
    t.act(1, "split");
    t.do({ type: "reveal" }, { type: "draw" });
    expect(t.of(1, 0)).toEqual(["win 20"]);
    expect(t.of(1, 1)).toEqual(["lose 0"]);
  });

  it("no double and no surrender after a split", () => {
    const t = new Table(["8H 8D"], "9C 7S", "3S");
    t.deal();
    t.act(1, "split");
    expect(legalActions(t.state, 1)).toEqual(["hit", "stand"]);
  });

  it("premiums still count after a split: three 7s on a split hand pays 10×", () => {
    const t = new Table(["7H 7D"], "9C 7S", "7C 7S TD 5C");
    t.deal();
    t.act(1, "split", "hit");
    expect(t.of(1, 0)).toEqual(["Three 7s 100"]);
    t.act(1, "stand");
    t.do({ type: "reveal" }, { type: "draw" });
    expect(t.of(1, 1)).toEqual(["lose 0"]);
  });

  it("K-Q may not be split; two cards of the same rank may, a second equal stake", () => {
    const kq = new Table(["KH QD"], "9C 7S");
    kq.deal();
    expect(legalActions(kq.state, 1)).not.toContain("split");
    const kk = new Table(["KH KD"], "9C 7S", "2C 3C");
    kk.deal();
    expect(legalActions(kk.state, 1)).toContain("split");
    kk.act(1, "split");
    expect(kk.state.seats[0]!.hands.map((h) => h.stake)).toEqual([10 * POINT, 10 * POINT]);
    expect(kk.state.seats[0]!.holdings).toBe(990 * POINT);
  });

  it("re-split up to 4 hands", () => {
    const t = new Table(["8H 8D"], "9C 7S", "8C 8S 8H 2C");
    t.deal();
    t.act(1, "split", "split", "split");
    expect(t.state.seats[0]!.hands).toHaveLength(4);
    expect(legalActions(t.state, 1)).toEqual(["hit", "stand"]);
  });
});

describe("insurance and even money", () => {
  it("insurance with dealer blackjack: the insurance and the main stake are both returned", () => {
    const t = new Table(["9H 7D"], "AC KS");
    t.deal();
    expect(t.state.phase).toBe("insurance");
    t.act(1, "insurance");
    expect(t.of(1)).toEqual(["insurance 5", "insurance 10"]);
    // Net 0: the 10 staked and the 5 of insurance both come back.
    expect(t.state.seats[0]!.holdings).toBe(1010 * POINT);
    expect(t.state.phase).toBe("over");
  });

  it("insurance without dealer blackjack is lost and play continues", () => {
    const t = new Table(["9H 7D"], "AC 7S");
    t.deal();
    t.act(1, "insurance");
    expect(t.of(1)).toEqual(["insurance 0"]);
    expect(t.state.phase).toBe("play");
  });

  it("a joker in the hole is not a blackjack: insurance is lost, then the reveal pushes", () => {
    const t = new Table(["9H 7D"], "AC JK");
    t.deal();
    t.act(1, "insurance", "stand");
    expect(t.state.holeRevealed).toBe(false);
    t.do({ type: "reveal" });
    expect(t.of(1)).toEqual(["insurance 0", "forced push 10"]);
  });

  it("even money pays 2× at once and is final", () => {
    const t = new Table(["AH KD"], "AC KS");
    t.deal();
    expect(legalActions(t.state, 1)).toEqual(["evenMoney", "declineInsurance"]);
    t.act(1, "evenMoney");
    expect(t.of(1)).toEqual(["even money 20"]);
  });

  it("even money declined and the dealer has blackjack: push", () => {
    const t = new Table(["AH KD"], "AC KS");
    t.deal();
    t.act(1, "declineInsurance");
    expect(t.of(1)).toEqual(["push 10"]);
  });

  it("insurance is decided one seat at a time from the right", () => {
    const t = new Table(["9H 7D", "AH KD"], "AC 7S");
    t.deal();
    expect(legalActions(t.state, 2)).toEqual([]);
    t.act(1, "timeout");
    expect(legalActions(t.state, 2)).toEqual(["evenMoney", "declineInsurance"]);
  });
});

describe("when a player's blackjack is paid", () => {
  it("up card neither A nor T: paid 2.5× at once", () => {
    const t = new Table(["AH KD"], "9C 7S");
    expect(t.deal().map((s) => `${s.reason} ${s.amount / POINT}`)).toEqual(["blackjack 25"]);
  });

  it("up card A: paid after the even-money choice and the dealer's check", () => {
    const t = new Table(["AH KD"], "AC 7S");
    expect(t.deal()).toEqual([]);
    expect(t.act(1, "declineInsurance").map((s) => s.reason)).toEqual(["blackjack"]);
  });

  it("up card T: paid after the dealer's check; dealer blackjack is a push", () => {
    const paid = new Table(["AH KD", "TH 9D"], "KC 7S");
    paid.deal();
    expect(paid.of(1)).toEqual(["blackjack 25"]);
    const pushed = new Table(["AH KD", "TH 9D"], "KC AS");
    pushed.deal();
    expect(pushed.of(1)).toEqual(["push 10"]);
    expect(pushed.of(2)).toEqual(["lose 0"]);
    expect(pushed.state.phase).toBe("over");
  });

  it("up card joker: forced push, the blackjack is never confirmed", () => {
    const t = new Table(["AH KD"], "JK 7S");
    t.deal();
    expect(t.of(1)).toEqual(["forced push 10"]);
    expect(t.state.phase).toBe("over");
  });

  it("hole card joker: a blackjack already paid is unaffected", () => {
    const t = new Table(["AH KD", "9H 7D"], "TC JK");
    t.deal();
    t.act(2, "stand");
    t.do({ type: "reveal" });
    expect(t.of(1)).toEqual(["blackjack 25"]);
    expect(t.of(2)).toEqual(["forced push 10"]);
  });
});

describe("the player's joker", () => {
  it("the joker pays 2× at once and the bet is final", () => {
    const t = new Table(["JK 5D", "9H 7D"], "9C 7S");
    t.deal();
    expect(t.of(1)).toEqual(["joker 20"]);
    expect(t.state.seats[0]!.hands[0]!.final).toBe(true);
  });

  it("the joker is wild afterwards: joker + 5 + 5 counts 21, and the final bet may draw on", () => {
    const t = new Table(["JK 5D", "9H 7D"], "9C 7S", "5H");
    t.deal();
    expect(bestTotal(t.state.seats[0]!.hands[0]!.cards)).toBe(16);
    t.act(1, "hit");
    expect(bestTotal(t.state.seats[0]!.hands[0]!.cards)).toBe(21);
    expect(legalActions(t.state, 1)).toEqual(["hit", "stand"]);
    expect(t.of(1)).toEqual(["joker 20"]);
  });

  it("joker + A as the first two cards counts 21, not a blackjack", () => {
    const t = new Table(["JK AD", "9H 7D"], "AC 7S");
    t.deal();
    expect(t.of(1)).toEqual(["joker 20"]);
    expect(bestTotal(t.state.seats[0]!.hands[0]!.cards)).toBe(21);
    // No even money, no blackjack waiting for the check: only seat 2 answers the insurance round.
    expect(t.state.seats[0]!.hands[0]!.blackjackDue).toBe(false);
    expect(legalActions(t.state, 1)).toEqual([]);
    expect(legalActions(t.state, 2)).toEqual(["insurance", "declineInsurance"]);
  });

  it("last seat, fewer points than at sit-down: holdings restored, then the normal 2×", () => {
    const entries = seats(2, [{}, { balance: 950 * POINT }]);
    const t = new Table(["9H 7D", "JK 5D"], "9C 7S", "", entries);
    t.deal();
    expect(t.of(2)).toEqual(["last-seat restore 50", "joker 20"]);
  });

  it("last seat, not fewer points: a further 3× the stake, 5× in all", () => {
    const t = new Table(["9H 7D", "5D JK"], "9C 7S");
    t.deal();
    expect(t.of(2)).toEqual(["last-seat bonus 30", "joker 20"]);
    expect(t.returned(2)).toBe(50);
  });

  it("the last seat is the occupied seat acting last: seats 2 and 5 at the table, seat 5", () => {
    const entries = seats(2, [{ seat: 2 }, { seat: 5 }]);
    const t = new Table(["9H 7D", "5D JK"], "9C 7S", "", entries);
    t.deal();
    expect(t.of(5)).toEqual(["last-seat bonus 30", "joker 20"]);
  });

  it("a seat that is not the last gets no extra effect", () => {
    const t = new Table(["JK 5D", "9H 7D"], "9C 7S");
    t.deal();
    expect(t.of(1)).toEqual(["joker 20"]);
  });

  it("a premium made after the joker tops the payout up to its total, never twice", () => {
    const t = new Table(["JK 6D", "9H 7D"], "9C 7S", "7C");
    t.deal();
    t.act(1, "hit");
    expect(t.of(1)).toEqual(["joker 20", "678 10"]);
    expect(t.returned(1)).toBe(30);
  });

  it("a joker standing for A♠ or J♠ makes a Pure BJ: 2× then topped up to 5×", () => {
    const t = new Table(["JK AS", "9H 7D"], "9C 7S");
    t.deal();
    expect(t.of(1)).toEqual(["joker 20", "Pure BJ 30"]);
  });

  it("a joker drawn on a hit by the last seat: the extra effect, then 2× on that hand", () => {
    const t = new Table(["9H 7D", "TH 2C"], "9C 7S", "JK");
    t.deal();
    t.act(1, "stand");
    t.act(2, "hit");
    expect(t.of(2)).toEqual(["last-seat bonus 30", "joker 20"]);
  });

  it("a joker on a doubled hand pays 2× the doubled stake; Last of Joker then tops up to 25×", () => {
    const t = new Table(["TH 6D", "9H 7D"], "9C 7S", "JK");
    t.deal();
    t.act(1, "double");
    expect(t.of(1)).toEqual(["joker 40", "Last of Joker 460"]);
  });

  it("a joker on a split hand pays that hand only", () => {
    const t = new Table(["8H 8D", "9H 7D"], "9C 7S", "JK 2C 9S");
    t.deal();
    t.act(1, "split");
    expect(t.of(1, 0)).toEqual(["joker 20"]);
    expect(t.of(1, 1)).toEqual([]);
  });

  it("the joker completes suited premiums: 6♦ 7♦ joker is a Flush 678 with Nailed A", () => {
    const t = new Table(["JK 6D", "9H 7D"], "9C 7S", "7D");
    t.deal();
    t.act(1, "hit");
    expect(t.of(1)).toEqual(["joker 20", "Flush 678 30"]);
    expect(t.settlements.at(-1)!.awards).toEqual(["Nailed A"]);
  });
});

describe("the dealer's joker", () => {
  it("as the up card: every bet not yet final is pushed and the round ends at once", () => {
    const t = new Table(["JK 5D", "9H 7D"], "JK 7S");
    t.deal();
    expect(t.of(1)).toEqual(["joker 20"]);
    expect(t.of(2)).toEqual(["forced push 10"]);
    expect(t.state.phase).toBe("over");
    expect(t.state.position).toBe(3);
  });

  it("drawn later: pushes the bets not yet final; busts, surrenders and premiums stand", () => {
    const t = new Table(["TH 6D", "TC 6C", "TD 9C", "AS JS"], "9C 7S", "KC JK");
    t.deal();
    expect(t.of(4)).toEqual(["Pure BJ 50"]);
    t.act(1, "hit");
    t.act(2, "surrender");
    t.act(3, "stand");
    t.do({ type: "reveal" }, { type: "draw" });
    expect(t.of(1)).toEqual(["lose 0"]);
    expect(t.of(2)).toEqual(["surrender 5"]);
    expect(t.of(3)).toEqual(["forced push 10"]);
    expect(t.of(4)).toEqual(["Pure BJ 50"]);
  });

  it("the dealer never reveals a joker early, even when the blackjack check meets it", () => {
    const t = new Table(["TH 6D"], "KC JK", "2C");
    t.deal();
    expect(t.state.phase).toBe("play");
    expect(t.state.holeRevealed).toBe(false);
    t.act(1, "hit", "stand");
    t.do({ type: "reveal" });
    expect(t.of(1)).toEqual(["forced push 10"]);
  });
});

describe("premium hands", () => {
  function premium(hand: string, hits: string, actions: ("hit" | "stand" | "double")[]) {
    const t = new Table([hand, "9H 7D"], "9C 7S", hits);
    t.deal();
    t.act(1, ...actions);
    return t;
  }

  it("Pure BJ: A♠ and J♠ as the first two cards pays 5×", () => {
    const t = new Table(["AS JS"], "AC KS");
    t.deal();
    expect(t.of(1)).toEqual(["Pure BJ 50"]);
  });

  it("678: exactly three cards 6, 7, 8 pays 3×", () => {
    expect(premium("6H 7D", "8C", ["hit"]).of(1)).toEqual(["678 30"]);
  });

  it("Flush 678: 6, 7, 8 of one suit pays 5× with the Nailed A award", () => {
    const t = premium("6H 7H", "8H", ["hit"]);
    expect(t.of(1)).toEqual(["Flush 678 50"]);
    expect(t.settlements[0]!.awards).toEqual(["Nailed A"]);
  });

  it("Three 7s pays 10×", () => {
    expect(premium("7H 7D", "7C", ["hit"]).of(1)).toEqual(["Three 7s 100"]);
  });

  it("Flush three 7s pays 15× with the Nailed A award", () => {
    const t = premium("7H 7H", "7H", ["hit"]);
    expect(t.of(1)).toEqual(["Flush three 7s 150"]);
    expect(t.settlements[0]!.awards).toEqual(["Nailed A"]);
  });

  it("6-under: six cards totalling ≤ 21 pays 3×, paid when the hand finishes", () => {
    const t = premium("AH 2D", "AC 2S AD 3H", ["hit", "hit", "hit", "hit"]);
    expect(t.of(1)).toEqual([]);
    t.act(1, "stand");
    expect(t.of(1)).toEqual(["6-under 30"]);
  });

  it("7-under: seven cards totalling ≤ 21 pays 7× and replaces the 6-under", () => {
    const t = premium("AH 2D", "AC 2S AD 3H 2H", ["hit", "hit", "hit", "hit", "hit", "stand"]);
    expect(t.of(1)).toEqual(["7-under 70"]);
  });

  it("a 6-under already made stands when a seventh card busts", () => {
    const t = premium("2H 2D", "2C 2S 2D 5H KC", ["hit", "hit", "hit", "hit", "hit"]);
    expect(t.of(1)).toEqual(["6-under 30"]);
  });

  it("A to 6: one each of A, 2, 3, 4, 5, 6 pays 50×, not also the 6-under", () => {
    const t = premium("AH 2D", "3C 4S 5H 6D", ["hit", "hit", "hit", "hit"]);
    expect(t.of(1)).toEqual(["A to 6 500"]);
  });

  it("Perfect Smile: the first four cards arrive 2, 5, 2, 5 and pay 25×", () => {
    const t = premium("2H 5D", "2C 5S", ["hit", "hit"]);
    expect(t.of(1)).toEqual(["Perfect Smile 250"]);
    t.act(1, "stand");
    expect(t.of(1)).toEqual(["Perfect Smile 250"]);
  });

  it("Perfect Smile needs the order: 2, 2, 5, 5 is not one", () => {
    const t = premium("2H 2D", "5C 5S 2C", ["hit", "hit", "stand"]);
    t.act(2, "stand");
    t.do({ type: "reveal" }, { type: "draw" });
    expect(t.of(1)).toEqual(["lose 0"]);
  });

  it("Last of Joker: two cards totalling 16 then the joker pays 25× in all", () => {
    const t = premium("TH 6D", "JK", ["hit"]);
    expect(t.of(1)).toEqual(["joker 20", "Last of Joker 230"]);
    expect(t.returned(1)).toBe(250);
  });

  it("6-under counts a total of exactly 21: 2 2 3 4 5 5", () => {
    expect(premium("2H 2D", "3C 4S 5H 5D", ["hit", "hit", "hit", "hit"]).of(1)).toEqual([
      "6-under 30",
    ]);
  });

  it("two A♠ are no Pure BJ: it takes A♠ and J♠, or a joker standing for one of them", () => {
    const t = new Table(["AS AS", "9H 7D"], "9C 7S");
    t.deal();
    expect(t.of(1)).toEqual([]);
  });

  it("Last of Joker needs two real cards before the joker: joker 5 then joker pays only the 2×", () => {
    expect(premium("JK 5D", "JK", ["hit"]).of(1)).toEqual(["joker 20"]);
  });

  it("a premium worth what the hand was already paid adds no top-up: joker 678 then a 6-under", () => {
    const t = premium("6H 7D", "JK AC AS AD", ["hit", "hit", "hit", "hit"]);
    expect(t.of(1)).toEqual(["joker 20", "678 10"]);
    t.act(1, "stand");
    expect(t.of(1)).toEqual(["joker 20", "678 10"]);
  });

  it("only the highest premium pays: a flush 678 is not also a 678", () => {
    expect(premium("6H 7H", "8H", ["hit"]).settlements).toHaveLength(1);
  });

  it("on a doubled hand premiums pay on the doubled stake", () => {
    expect(premium("6H 7D", "8C", ["double"]).of(1)).toEqual(["678 60"]);
  });

  it("premiums pay whatever the dealer holds: Pure BJ against a dealer blackjack", () => {
    const t = new Table(["AS JS", "9H 7D"], "KC AH");
    t.deal();
    expect(t.of(1)).toEqual(["Pure BJ 50"]);
    expect(t.of(2)).toEqual(["lose 0"]);
  });
});

describe("dealing mistakes", () => {
  const operator = "op1";

  it("rewind: actions after the step are cancelled and the cards they drew are burned", () => {
    const t = new Table(["TH 6D", "9H 7D"], "9C 7S", "2C KD");
    t.deal();
    t.act(1, "hit");
    expect(t.state.step).toBe(2);
    t.do({ type: "rewind", toStep: 1, operator });
    expect(t.state.seats[0]!.hands[0]!.cards).toEqual(cards("TH 6D"));
    expect(t.state.burned).toEqual(cards("2C"));
    expect(t.state.audit).toEqual([
      { step: 2, event: { type: "rewind", toStep: 1, operator }, burned: cards("2C") },
    ]);
    t.act(1, "hit");
    expect(t.of(1)).toEqual(["lose 0"]);
  });

  it("a second rewind burns only the cards of actions it cancels, never a card burned before", () => {
    const t = new Table(["TH 2D", "9H 7D"], "9C 7S", "2C 3C 4C");
    t.deal();
    t.act(1, "hit", "hit");
    t.do({ type: "rewind", toStep: 2, operator });
    t.act(1, "hit");
    t.do({ type: "rewind", toStep: 1, operator });
    expect(t.state.burned).toEqual(cards("3C 2C 4C"));
    expect(t.state.burnedPositions).toEqual([7, 6, 8]);
    expect(t.state.audit.map((entry) => entry.burned)).toEqual([cards("3C"), cards("2C 4C")]);
  });

  it("rewind returns the stake of a cancelled double", () => {
    const t = new Table(["TH 6D", "9H 7D"], "9C 7S", "2C");
    t.deal();
    t.act(1, "double");
    t.do({ type: "rewind", toStep: 1, operator });
    expect(t.settlements.map((s) => `${s.kind} ${s.amount / POINT}`)).toEqual(["refund 10"]);
    expect(t.state.seats[0]!.holdings).toBe(1000 * POINT);
    expect(t.state.seats[0]!.hands[0]!.stake).toBe(10 * POINT);
  });

  it("rewind may not cancel a step that settled a bet", () => {
    const t = new Table(["TH 6D", "9H 7D"], "9C 7S", "KD");
    t.deal();
    t.act(1, "hit");
    expect(() => t.do({ type: "rewind", toStep: 1, operator })).toThrow(
      /declare the mistake unrecoverable/,
    );
  });

  it("unrecoverable: every bet not yet final wins 2×, an unpaid blackjack 2.5×, premiums stand", () => {
    const t = new Table(["AS JS", "AH KD", "9H 7D"], "AC 7S");
    t.deal();
    t.act(2, "declineInsurance");
    t.do({ type: "unrecoverable", operator });
    expect(t.of(1)).toEqual(["Pure BJ 50"]);
    expect(t.of(2)).toEqual(["dealing mistake 25"]);
    expect(t.of(3)).toEqual(["dealing mistake 20"]);
    expect(t.state.phase).toBe("over");
  });

  it("unrecoverable while insurance is open: the insurance wins 2× too", () => {
    const t = new Table(["9H 7D", "8H 7C"], "AC 7S");
    t.deal();
    t.act(1, "insurance");
    t.do({ type: "unrecoverable", operator });
    expect(t.of(1)).toEqual(["dealing mistake 10", "dealing mistake 20"]);
  });

  it("a dealing mistake is declared only while a dealt round is in play", () => {
    const before = new Table(["TH 6D"], "9C 7S");
    expect(() => before.do({ type: "unrecoverable", operator })).toThrow(
      /unrecoverable: only while a dealt round is in play \(phase deal\)/,
    );
    const over = new Table(["TH 6D"], "9C 8S");
    over.deal();
    over.act(1, "stand");
    over.do({ type: "reveal" });
    expect(over.state.phase).toBe("over");
    expect(() => over.do({ type: "improperDeal", operator })).toThrow(/phase over/);
    expect(over.of(1)).toEqual(["lose 0"]);
  });

  it("unrecoverable: a 6-under already made stands instead of the WIN", () => {
    const t = new Table(["AH 2D"], "9C 7S", "AC 2S AD 3H");
    t.deal();
    t.act(1, "hit", "hit", "hit", "hit");
    t.do({ type: "unrecoverable", operator });
    expect(t.of(1)).toEqual(["6-under 30"]);
  });

  it("improper deal after an action was taken: every bet not yet final wins", () => {
    const t = new Table(["TH 6D", "9H 7D"], "9C 7S", "2C");
    t.deal();
    t.act(1, "hit");
    t.do({ type: "improperDeal", operator });
    expect(t.of(1)).toEqual(["dealing mistake 20"]);
    expect(t.of(2)).toEqual(["dealing mistake 20"]);
  });

  it("improper deal before any action: the correct deal is restored and play continues", () => {
    const t = new Table(["TH 6D", "9H 7D"], "9C 7S");
    t.deal();
    const dealt = t.state;
    expect(t.do({ type: "improperDeal", operator })).toEqual([]);
    expect(t.state.phase).toBe("play");
    expect(t.state.seats).toEqual(dealt.seats);
    expect(t.state.audit).toHaveLength(1);
  });
});
