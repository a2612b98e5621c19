/**
 * Baccarat hands: card values, the third-card table and dealing a round from a card sequence.
 * Hot paths work on a compact outcome code (one small integer per round); `RoundOutcome` is the
 * readable form for tables and UIs.
 */

import { rankOf } from "@fuda/shoe";

/** Baccarat value by card: A = 1, 2–9 face value, 10/J/Q/K = 0 (suits never matter). */
export const CARD_VALUE: Uint8Array = (() => {
  const table = new Uint8Array(256);
  for (let card = 0; card < 256; card++) {
    const rank = rankOf(card);
    table[card] = rank >= 1 && rank <= 9 ? rank : 0;
  }
  return table;
})();

/** `LAST_DIGIT[sum]` = sum mod 10 for a sum of two values (a lookup is cheaper than `%`). */
const LAST_DIGIT: Uint8Array = Uint8Array.from({ length: 19 }, (_, sum) => sum % 10);

/** Baccarat value of a rank (1..13). */
export const rankValue = (rank: number): number => (rank <= 9 ? rank : 0);

/** Stands for "the Player did not draw" in the Banker's third-card table. */
export const PLAYER_STOOD = 10;

/**
 * `BANKER_DRAWS[bankerTotal * 11 + t]` is 1 when the Banker draws, t being the value of the
 * Player's third card or PLAYER_STOOD. Totals 8–9 never reach it (naturals end the round).
 */
export const BANKER_DRAWS: Uint8Array = (() => {
  const table = new Uint8Array(10 * 11);
  const drawsOn: readonly (readonly number[])[] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], // 0
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], // 1
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], // 2
    [0, 1, 2, 3, 4, 5, 6, 7, 9], // 3: not on an 8
    [2, 3, 4, 5, 6, 7], // 4
    [4, 5, 6, 7], // 5
    [6, 7], // 6
    [], // 7
  ];
  drawsOn.forEach((values, total) => {
    for (const t of values) table[total * 11 + t] = 1;
    // With the Player standing, the Banker draws on 0–5 like the Player.
    if (total <= 5) table[total * 11 + PLAYER_STOOD] = 1;
  });
  return table;
})();

export const isNatural = (twoCardTotal: number): boolean => twoCardTotal >= 8;
export const playerDraws = (total: number): boolean => total <= 5;
export const bankerDraws = (bankerTotal: number, playerThird: number): boolean =>
  BANKER_DRAWS[bankerTotal * 11 + playerThird] === 1;

/*
 * Outcome code: bits 0–3 Player total, 4–7 Banker total, 8 Player drew a third card,
 * 9 Banker drew, 10 Player pair, 11 Banker pair. Every bet settles on the code alone.
 */
export const OUTCOME_CODES = 4096;
const PLAYER_DREW = 1 << 8;
const BANKER_DREW = 1 << 9;
const PLAYER_PAIR = 1 << 10;
const BANKER_PAIR = 1 << 11;

export const playerTotalOf = (code: number): number => code & 15;
export const bankerTotalOf = (code: number): number => (code >> 4) & 15;
export const playerCardCountOf = (code: number): number => ((code >> 8) & 1) + 2;
export const bankerCardCountOf = (code: number): number => ((code >> 9) & 1) + 2;
export const cardsUsedOf = (code: number): number => 4 + ((code >> 8) & 1) + ((code >> 9) & 1);
export const hasPlayerPair = (code: number): boolean => (code & PLAYER_PAIR) !== 0;
export const hasBankerPair = (code: number): boolean => (code & BANKER_PAIR) !== 0;
/** A natural is a two-card 8 or 9, and a two-card 8 or 9 is always a natural. */
export const hasPlayerNatural = (code: number): boolean =>
  (code & PLAYER_DREW) === 0 && playerTotalOf(code) >= 8;
export const hasBankerNatural = (code: number): boolean =>
  (code & BANKER_DREW) === 0 && bankerTotalOf(code) >= 8;

export type Winner = "player" | "banker" | "tie";

export function winnerOf(code: number): Winner {
  const player = playerTotalOf(code);
  const banker = bankerTotalOf(code);
  return player > banker ? "player" : banker > player ? "banker" : "tie";
}

/** 2 or 3 when the Banker wins with a total of 6 on that many cards, else 0. */
export function bankerSixCardsOf(code: number): 0 | 2 | 3 {
  const banker = bankerTotalOf(code);
  if (banker !== 6 || playerTotalOf(code) >= 6) return 0;
  return (code & BANKER_DREW) === 0 ? 2 : 3;
}

export function outcomeCode(
  playerTotal: number,
  bankerTotal: number,
  playerDrew: boolean,
  bankerDrew: boolean,
  playerPair: boolean,
  bankerPair: boolean,
): number {
  return (
    playerTotal |
    (bankerTotal << 4) |
    (playerDrew ? PLAYER_DREW : 0) |
    (bankerDrew ? BANKER_DREW : 0) |
    (playerPair ? PLAYER_PAIR : 0) |
    (bankerPair ? BANKER_PAIR : 0)
  );
}

/**
 * The rest of a round's outcome code — final totals and who drew — from the two-card totals and
 * the values of the fifth and sixth cards, by the third-card rules (a card not drawn is ignored).
 */
function roundEnding(player: number, banker: number, fifth: number, sixth: number): number {
  if (isNatural(player) || isNatural(banker)) return player | (banker << 4);
  let code = 0;
  let bankerThird = fifth;
  let playerThird = PLAYER_STOOD;
  if (playerDraws(player)) {
    playerThird = fifth;
    player = (player + fifth) % 10;
    code |= PLAYER_DREW;
    bankerThird = sixth;
  }
  if (bankerDraws(banker, playerThird)) {
    banker = (banker + bankerThird) % 10;
    code |= BANKER_DREW;
  }
  return code | player | (banker << 4);
}

/** `ROUND_ENDINGS[((player * 10 + banker) * 10 + fifth) * 10 + sixth]` = `roundEnding(…)`. */
const ROUND_ENDINGS: Uint16Array = (() => {
  const table = new Uint16Array(10_000);
  for (let index = 0; index < 10_000; index++) {
    const [player, banker, fifth, sixth] = [index / 1000, index / 100, index / 10, index].map(
      (part) => Math.floor(part) % 10,
    ) as [number, number, number, number];
    table[index] = roundEnding(player, banker, fifth, sixth);
  }
  return table;
})();

/**
 * Deals one round from `cards` starting at `at` (Player, Banker, Player, Banker, then third
 * cards Player first) and returns its outcome code; `cardsUsedOf(code)` cards were used.
 * Lookups only: the draws are random, so branches on them would be mispredicted half the time.
 */
export function dealCode(cards: ArrayLike<number>, at: number): number {
  const player1 = cards[at]!;
  const banker1 = cards[at + 1]!;
  const player2 = cards[at + 2]!;
  const banker2 = cards[at + 3]!;
  const player = LAST_DIGIT[CARD_VALUE[player1]! + CARD_VALUE[player2]!]!;
  const banker = LAST_DIGIT[CARD_VALUE[banker1]! + CARD_VALUE[banker2]!]!;
  // Past the end of `cards` (a round that needed fewer) a missing card reads as 0, unused.
  const fifth = CARD_VALUE[cards[at + 4] ?? 0]!;
  const sixth = CARD_VALUE[cards[at + 5] ?? 0]!;
  const pairs =
    (rankOf(player1) === rankOf(player2) ? PLAYER_PAIR : 0) |
    (rankOf(banker1) === rankOf(banker2) ? BANKER_PAIR : 0);
  return pairs | ROUND_ENDINGS[((player * 10 + banker) * 10 + fifth) * 10 + sixth]!;
}

/** One dealt round, readable. */
export interface RoundOutcome {
  /** The compact outcome code every bet settles on. */
  readonly code: number;
  readonly playerCards: readonly number[];
  readonly bankerCards: readonly number[];
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly winner: Winner;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  readonly playerNatural: boolean;
  readonly bankerNatural: boolean;
  /** 2 or 3 when the Banker wins with a total of 6 on that many cards (Lucky Six), else 0. */
  readonly bankerSixCards: 0 | 2 | 3;
}

export function describeCode(
  code: number,
  playerCards: readonly number[],
  bankerCards: readonly number[],
): RoundOutcome {
  return {
    code,
    playerCards,
    bankerCards,
    playerTotal: playerTotalOf(code),
    bankerTotal: bankerTotalOf(code),
    winner: winnerOf(code),
    playerPair: hasPlayerPair(code),
    bankerPair: hasBankerPair(code),
    playerNatural: hasPlayerNatural(code),
    bankerNatural: hasBankerNatural(code),
    bankerSixCards: bankerSixCardsOf(code),
  };
}

/**
 * Deals one round with `draw` (the next card of the shoe, one call per card, never more than
 * the round needs) and returns its outcome.
 */
export function dealRound(draw: () => number): RoundOutcome {
  // Cards come out one at a time, so the round is dealt into a six-card buffer as it goes.
  const cards = [draw(), draw(), draw(), draw()];
  const player = (CARD_VALUE[cards[0]!]! + CARD_VALUE[cards[2]!]!) % 10;
  const banker = (CARD_VALUE[cards[1]!]! + CARD_VALUE[cards[3]!]!) % 10;
  let playerThird = PLAYER_STOOD;
  if (!isNatural(player) && !isNatural(banker)) {
    if (playerDraws(player)) {
      const third = draw();
      cards.push(third);
      playerThird = CARD_VALUE[third]!;
    }
    if (bankerDraws(banker, playerThird)) cards.push(draw());
  }
  return dealtFrom(cards);
}

/** The outcome of a round dealt from exactly these cards, in deal order. */
export function dealtFrom(cards: readonly number[]): RoundOutcome {
  const code = dealCode(cards, 0);
  if (cardsUsedOf(code) !== cards.length) {
    throw new RangeError(
      `a round with these cards uses ${cardsUsedOf(code)} cards, not ${cards.length}`,
    );
  }
  const playerCards = [cards[0]!, cards[2]!];
  const bankerCards = [cards[1]!, cards[3]!];
  let next = 4;
  if (playerCardCountOf(code) === 3) playerCards.push(cards[next++]!);
  if (bankerCardCountOf(code) === 3) bankerCards.push(cards[next]!);
  return describeCode(code, playerCards, bankerCards);
}
