import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  DEFAULT_CUT_CARD,
  HmacDrbg,
  JOKER,
  burn,
  burnDealtSince,
  burnFirstCard,
  cardsLeft,
  draw,
  endRound,
  firstCardBurnCount,
  isPermutationOf,
  makeCard,
  newShoe,
  quickGameDeck,
  reshuffle,
  reshuffleIfShort,
  roundCards,
  shoeFromJson,
  shoeToJson,
  standardDecks,
  startRound,
} from "../src/index";
import type { Shoe } from "../src/index";

const rngFor = (nonce: number) => new HmacDrbg({ serverSeed: "5eed", nonce });

function baccaratShoe(nonce: number): Shoe {
  return newShoe({ cards: standardDecks(8), rng: rngFor(nonce), cutCard: DEFAULT_CUT_CARD });
}

/** Plays rounds of `cardsPerRound` until the shoe ends; returns the rounds dealt. */
function playOut(shoe: Shoe, cardsPerRound: number): number {
  let rounds = 0;
  for (;;) {
    startRound(shoe);
    for (let k = 0; k < cardsPerRound; k++) draw(shoe);
    rounds++;
    if (endRound(shoe)) return rounds;
  }
}

describe("new shoe", () => {
  it("is a shuffled permutation of its composition with the salt and cut card set", () => {
    const shoe = baccaratShoe(1);
    expect(isPermutationOf(shoe.cards, standardDecks(8))).toBe(true);
    expect(shoe.cards).not.toEqual(standardDecks(8));
    expect(shoe.salt.some((byte) => byte !== 0)).toBe(true);
    expect([shoe.position, shoe.round, shoe.cutCardReached, shoe.finished]).toEqual([
      0,
      0,
      false,
      false,
    ]);
  });

  it("the same seed and nonce give the same shoe, another nonce another", () => {
    expect(shoeToJson(baccaratShoe(7))).toEqual(shoeToJson(baccaratShoe(7)));
    expect(baccaratShoe(8).cards).not.toEqual(baccaratShoe(7).cards);
  });
});

describe("cut card", () => {
  it("goes between minFromEnd and maxFromEnd cards from the end, covering the whole range", () => {
    const rng = rngFor(0);
    const shoe = newShoe({
      cards: standardDecks(1),
      rng,
      cutCard: { minFromEnd: 3, maxFromEnd: 6 },
    });
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      reshuffle(shoe, rng);
      seen.add(shoe.cards.length - shoe.cutIndex);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it("is reached by the draw of the card just behind it, not before", () => {
    fc.assert(
      fc.property(fc.nat(1000), (nonce) => {
        const shoe = baccaratShoe(nonce);
        const fromEnd = shoe.cards.length - shoe.cutIndex;
        expect(fromEnd).toBeGreaterThanOrEqual(14);
        expect(fromEnd).toBeLessThanOrEqual(70);
        while (shoe.position < shoe.cutIndex) {
          draw(shoe);
          expect(shoe.cutCardReached).toBe(false);
        }
        draw(shoe);
        expect(shoe.cutCardReached).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it("refuses a range that does not fit the shoe", () => {
    const cards = standardDecks(1);
    expect(() =>
      newShoe({ cards, rng: rngFor(0), cutCard: { minFromEnd: 5, maxFromEnd: 52 } }),
    ).toThrow(/outside the shoe/);
    expect(() =>
      newShoe({ cards, rng: rngFor(0), cutCard: { minFromEnd: 5, maxFromEnd: 4 } }),
    ).toThrow(/not valid/);
    // 0 from the end would put the cut card after the last card, where no draw reaches it.
    expect(() =>
      newShoe({ cards, rng: rngFor(0), cutCard: { minFromEnd: 0, maxFromEnd: 10 } }),
    ).toThrow(/not valid/);
  });
});

describe("last round", () => {
  it("the round in which the cut card appears finishes, then the shoe ends", () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.integer({ min: 4, max: 13 }), (nonce, perRound) => {
        const shoe = baccaratShoe(nonce);
        const rounds = playOut(shoe, perRound);
        // The last round is the one that drew the card just behind the cut card.
        const lastStart = shoe.roundStarts[rounds]!;
        expect(lastStart).toBeLessThanOrEqual(shoe.cutIndex);
        expect(shoe.position).toBeGreaterThan(shoe.cutIndex);
        expect(shoe.position).toBe(lastStart + perRound);
        expect(shoe.finished).toBe(true);
        expect(() => startRound(shoe)).toThrow(/finished/);
      }),
      { numRuns: 30 },
    );
  });

  it("a cut card reached between rounds makes the next round the last", () => {
    const shoe = newShoe({
      cards: standardDecks(1),
      rng: rngFor(2),
      cutCard: { minFromEnd: 50, maxFromEnd: 50 },
    });
    burn(shoe, 3);
    expect(shoe.cutCardReached).toBe(true);
    startRound(shoe);
    draw(shoe);
    expect(endRound(shoe)).toBe(true);
  });

  it("rounds are numbered from 1 and cannot overlap", () => {
    const shoe = baccaratShoe(3);
    expect(startRound(shoe)).toBe(1);
    expect(() => startRound(shoe)).toThrow(/not ended/);
    expect(endRound(shoe)).toBe(false);
    expect(() => endRound(shoe)).toThrow(/no round/);
    expect(startRound(shoe)).toBe(2);
  });

  it("a shoe records at most one round more than it has cards, then refuses", () => {
    const shoe = newShoe({ cards: standardDecks(1), rng: rngFor(0) });
    for (let r = 1; r <= 53; r++) {
      expect(startRound(shoe)).toBe(r);
      endRound(shoe);
    }
    expect(() => startRound(shoe)).toThrow(/more rounds than cards/);
  });
});

describe("burns", () => {
  it("the first card burns its value more: A = 1, 2–9 face, 10/J/Q/K = 10, joker 0", () => {
    expect(firstCardBurnCount(makeCard(1, 0))).toBe(1);
    expect(firstCardBurnCount(makeCard(7, 2))).toBe(7);
    for (const rank of [10, 11, 12, 13]) expect(firstCardBurnCount(makeCard(rank, 3))).toBe(10);
    expect(firstCardBurnCount(JOKER)).toBe(0);
  });

  it("burnFirstCard burns the shown card plus its count and round 1 starts after them", () => {
    fc.assert(
      fc.property(fc.nat(1000), (nonce) => {
        const shoe = baccaratShoe(nonce);
        const { shownCard, burnCount } = burnFirstCard(shoe);
        expect(shownCard).toBe(shoe.cards[0]);
        expect(burnCount).toBe(firstCardBurnCount(shownCard));
        expect(shoe.position).toBe(1 + burnCount);
        expect(Array.from(shoe.burned.subarray(0, 1 + burnCount)).every((f) => f === 1)).toBe(true);
        expect(shoe.burned[1 + burnCount]).toBe(0);
        startRound(shoe);
        expect(shoe.roundStarts[1]).toBe(1 + burnCount);
      }),
      { numRuns: 50 },
    );
  });

  it("the first-card burn only opens a fresh shoe", () => {
    const shoe = baccaratShoe(4);
    draw(shoe);
    expect(() => burnFirstCard(shoe)).toThrow(/fresh shoe/);
  });

  it("a Pok Deng round burns one card face down, then deals 12", () => {
    const shoe = baccaratShoe(5);
    burnFirstCard(shoe);
    startRound(shoe);
    burn(shoe);
    for (let k = 0; k < 12; k++) draw(shoe);
    endRound(shoe);
    const replay = roundCards(shoe, 1);
    expect(replay.cards.length).toBe(13);
    expect(replay.burned).toEqual([true, ...Array<boolean>(12).fill(false)]);
  });

  it("cards drawn by cancelled actions are burned", () => {
    const shoe = baccaratShoe(6);
    startRound(shoe);
    draw(shoe);
    const mark = shoe.position;
    draw(shoe);
    draw(shoe);
    burnDealtSince(shoe, mark);
    expect(roundCards(shoe, 1).burned).toEqual([false, true, true]);
    expect(() => {
      burnDealtSince(shoe, shoe.position + 1);
    }).toThrow(/not a dealt position/);
  });

  it("a reshuffle clears the burn marks of the previous shoe", () => {
    const rng = rngFor(7);
    const shoe = newShoe({ cards: standardDecks(1), rng });
    burnFirstCard(shoe);
    reshuffle(shoe, rng);
    startRound(shoe);
    for (let k = 0; k < 12; k++) draw(shoe);
    expect(roundCards(shoe, 1).burned).toEqual(Array<boolean>(12).fill(false));
    expect(shoeToJson(shoe).burned).toEqual([]);
  });

  it("drawing from an empty shoe is refused", () => {
    const shoe = newShoe({ cards: standardDecks(1), rng: rngFor(0) });
    burn(shoe, 52);
    expect(cardsLeft(shoe)).toBe(0);
    expect(() => draw(shoe)).toThrow(/empty/);
  });
});

describe("quick game reshuffle", () => {
  it("reshuffles all 520 cards when fewer than a round's 6 remain", () => {
    const rng = rngFor(9);
    const shoe = newShoe({ cards: quickGameDeck(), rng });
    let reshuffles = 0;
    for (let round = 0; round < 400; round++) {
      if (reshuffleIfShort(shoe, rng, 6)) {
        reshuffles++;
        expect(cardsLeft(shoe)).toBe(520);
      }
      expect(cardsLeft(shoe)).toBeGreaterThanOrEqual(6);
      startRound(shoe);
      for (let k = 0; k < 5; k++) draw(shoe);
      endRound(shoe);
    }
    expect(reshuffles).toBe(3);
    expect(isPermutationOf(shoe.cards, quickGameDeck())).toBe(true);
    expect(shoe.cutCardReached).toBe(false);
  });

  it("keeps a shoe holding exactly the cards needed, reshuffles a finished one, never mid-round", () => {
    const rng = rngFor(10);
    const shoe = newShoe({ cards: standardDecks(1), rng });
    burn(shoe, 46);
    expect(reshuffleIfShort(shoe, rng, 6)).toBe(false);
    expect(cardsLeft(shoe)).toBe(6);
    expect(reshuffleIfShort(shoe, rng, 7)).toBe(true);
    expect(cardsLeft(shoe)).toBe(52);

    const ended = newShoe({
      cards: standardDecks(1),
      rng,
      cutCard: { minFromEnd: 50, maxFromEnd: 50 },
    });
    startRound(ended);
    burn(ended, 3);
    expect(() => reshuffleIfShort(ended, rng, 6)).toThrow(/between rounds/);
    expect(endRound(ended)).toBe(true);
    expect(cardsLeft(ended)).toBe(49);
    expect(reshuffleIfShort(ended, rng, 6)).toBe(true);
    expect(ended.finished).toBe(false);
  });
});

describe("replay", () => {
  it("an earlier round replays only its own cards; a round not dealt is refused", () => {
    const shoe = baccaratShoe(11);
    startRound(shoe);
    const first = [draw(shoe), draw(shoe)];
    endRound(shoe);
    startRound(shoe);
    const second = [draw(shoe), draw(shoe), draw(shoe)];
    expect(roundCards(shoe, 1).cards).toEqual(first);
    expect(roundCards(shoe, 2).cards).toEqual(second);
    expect(() => roundCards(shoe, 3)).toThrow(/round 3 has not been dealt/);
    expect(() => roundCards(shoe, 0)).toThrow(/round 0 has not been dealt/);
  });
});

describe("serialize and resume", () => {
  it("a resumed shoe gives the same future draws, flags and replays", () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(80), (nonce, roundsBefore) => {
        const shoe = baccaratShoe(nonce);
        burnFirstCard(shoe);
        for (let r = 0; r < roundsBefore && !shoe.finished; r++) {
          startRound(shoe);
          burn(shoe);
          for (let k = 0; k < 4; k++) draw(shoe);
          endRound(shoe);
        }
        if (!shoe.finished) {
          startRound(shoe);
          draw(shoe);
        }
        const json = JSON.parse(JSON.stringify(shoeToJson(shoe))) as ReturnType<typeof shoeToJson>;
        const resumed = shoeFromJson(json);
        expect(shoeToJson(resumed)).toEqual(shoeToJson(shoe));
        for (let r = 1; r <= shoe.round; r++)
          expect(roundCards(resumed, r)).toEqual(roundCards(shoe, r));
        while (!shoe.finished) {
          expect(draw(resumed)).toBe(draw(shoe));
          expect(resumed.cutCardReached).toBe(shoe.cutCardReached);
          if (shoe.position % 5 === 0) {
            const over = endRound(shoe);
            expect(endRound(resumed)).toBe(over);
            if (!over) expect(startRound(resumed)).toBe(startRound(shoe));
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it("refuses inconsistent JSON", () => {
    const json = shoeToJson(baccaratShoe(1));
    expect(() => shoeFromJson({ ...json, position: 500 })).toThrow(/position/);
    expect(() => shoeFromJson({ ...json, salt: "00" })).toThrow(/salt/);
    expect(() => shoeFromJson({ ...json, round: 2 })).toThrow(/roundStarts/);
    expect(() => shoeFromJson({ ...json, burned: [3] })).toThrow(/burned/);
    expect(() => shoeFromJson({ ...json, cards: `ff${json.cards.slice(2)}` })).toThrow(/no card/);
    const twoRounds = { ...json, position: 20, round: 2, inRound: false };
    expect(shoeFromJson({ ...twoRounds, roundStarts: [11, 15] }).roundStarts[2]).toBe(15);
    expect(() => shoeFromJson({ ...twoRounds, roundStarts: [15, 11] })).toThrow(/starts before/);
  });

  it("refuses each inconsistency on its own rule, at the exact bound", () => {
    const json = shoeToJson(baccaratShoe(1));
    expect(() => shoeFromJson({ ...json, version: 2 as 1 })).toThrow(/unknown shoe version 2/);
    // Past the cut card, so only the position check can refuse it.
    const beyond = { ...json, cutCardReached: true };
    expect(() => shoeFromJson({ ...beyond, position: 417 })).toThrow(/position is outside/);
    expect(() => shoeFromJson({ ...json, position: 1.5 })).toThrow(/position is outside/);
    expect(shoeFromJson({ ...beyond, position: 416 }).position).toBe(416);
    expect(() => shoeFromJson({ ...json, cutIndex: 416 })).toThrow(/cutIndex is outside/);
    expect(shoeFromJson({ ...json, cutIndex: 415 }).cutIndex).toBe(415);
    const oneRound = { ...json, position: 10, round: 1, inRound: true, roundStarts: [0] };
    expect(() => shoeFromJson({ ...oneRound, roundStarts: [11] })).toThrow(
      /round 1 starts outside/,
    );
    expect(shoeFromJson({ ...oneRound, roundStarts: [10] }).roundStarts[1]).toBe(10);
    expect(() => shoeFromJson({ ...oneRound, burned: [10] })).toThrow(/burned index 10/);
    expect(shoeFromJson({ ...oneRound, burned: [9] }).burned[9]).toBe(1);
  });

  it("the card at the cut index has not come out while the position is on it", () => {
    const json = shoeToJson(baccaratShoe(2));
    expect(shoeFromJson({ ...json, position: json.cutIndex }).cutCardReached).toBe(false);
  });

  it("a burn on the last card out is kept in the JSON", () => {
    const shoe = baccaratShoe(3);
    draw(shoe);
    burn(shoe);
    expect(shoeToJson(shoe).burned).toEqual([1]);
  });

  it("refuses a cut-card flag that disagrees with the position (the shoe would never end)", () => {
    const json = shoeToJson(baccaratShoe(2));
    const past = { ...json, position: json.cutIndex + 1 };
    expect(shoeFromJson({ ...past, cutCardReached: true }).cutCardReached).toBe(true);
    expect(() => shoeFromJson(past)).toThrow(/cutCardReached/);
    expect(() => shoeFromJson({ ...json, cutCardReached: true })).toThrow(/cutCardReached/);
  });
});
