import { formatCard, isCard } from "./cards";
import type { Card } from "./cards";
import { isPermutationOf } from "./compositions";
import { fromHex, toHex } from "./hex";
import { sha256 } from "./sha256";
import { SALT_BYTES } from "./shoe";
import type { Shoe } from "./shoe";

/** ASCII tag opening the committed bytes, so a shoe digest can't be mistaken for another. */
export const COMMITMENT_TAG = "fuda-shoe-v1";

/** What is published when the shoe ends: the salt and the order, both hex. */
export interface ShoeReveal {
  /** 32 bytes, hex. */
  salt: string;
  /** One byte per card, `(suit << 4) | rank`, first card out first, hex. */
  cards: string;
}

export type Verification = { ok: true } | { ok: false; reason: string };

/**
 * The committed bytes: the 12 ASCII bytes of COMMITMENT_TAG, the 32-byte salt, the card count
 * as a big-endian uint16, then one byte per card in dealing order (docs/fairness.md).
 */
export function commitmentBytes(cards: Uint8Array, salt: Uint8Array): Uint8Array {
  if (salt.length !== SALT_BYTES) throw new RangeError(`salt must be ${SALT_BYTES} bytes`);
  if (cards.length > 0xffff) throw new RangeError("a shoe holds at most 65,535 cards");
  const tag = new TextEncoder().encode(COMMITMENT_TAG);
  const bytes = new Uint8Array(tag.length + SALT_BYTES + 2 + cards.length);
  bytes.set(tag, 0);
  bytes.set(salt, tag.length);
  bytes[tag.length + SALT_BYTES] = cards.length >>> 8;
  bytes[tag.length + SALT_BYTES + 1] = cards.length & 0xff;
  bytes.set(cards, tag.length + SALT_BYTES + 2);
  return bytes;
}

/** SHA-256 of the committed bytes, lower-case hex: published when the shoe is created. */
export function commitShoe(cards: Uint8Array, salt: Uint8Array): string {
  return toHex(sha256(commitmentBytes(cards, salt)));
}

/** The commitment of a shoe in play (shuffled order and its salt). */
export function shoeCommitment(shoe: Shoe): string {
  return commitShoe(shoe.cards, shoe.salt);
}

/** Salt and order of a shoe, to publish once it has ended. */
export function revealShoe(shoe: Shoe): ShoeReveal {
  return { salt: toHex(shoe.salt), cards: toHex(shoe.cards) };
}

function decodeReveal(reveal: ShoeReveal): { salt: Uint8Array; cards: Uint8Array } | string {
  let salt: Uint8Array;
  let cards: Uint8Array;
  try {
    salt = fromHex(reveal.salt, "salt");
    cards = fromHex(reveal.cards, "cards");
  } catch (error) {
    return (error as Error).message;
  }
  if (salt.length !== SALT_BYTES) return `salt must be ${SALT_BYTES} bytes, got ${salt.length}`;
  if (cards.length > 0xffff) return "a shoe holds at most 65,535 cards";
  const bad = cards.findIndex((card) => !isCard(card));
  if (bad >= 0) return `byte ${bad} of cards (0x${toHex(cards.subarray(bad, bad + 1))}) is no card`;
  return { salt, cards };
}

export interface VerifyOptions {
  /** Also require the order to be a permutation of this composition (e.g. `standardDecks(8)`). */
  composition?: Uint8Array;
}

/** Pure check that `reveal` is what `commitment` committed to. */
export function verifyShoe(
  commitment: string,
  reveal: ShoeReveal,
  options: VerifyOptions = {},
): Verification {
  const decoded = decodeReveal(reveal);
  if (typeof decoded === "string") return { ok: false, reason: decoded };
  const actual = commitShoe(decoded.cards, decoded.salt);
  if (actual !== commitment.toLowerCase()) {
    return {
      ok: false,
      reason: `the reveal hashes to ${actual}, not to the commitment ${commitment}`,
    };
  }
  if (options.composition && !isPermutationOf(decoded.cards, options.composition)) {
    return { ok: false, reason: "the revealed cards are not the expected composition" };
  }
  return { ok: true };
}

/** A round as published: every card it took from the shoe in order, burns included. */
export interface DealtRound {
  cards: readonly Card[];
  /** Index of its first card in the order; default: where the previous round ended. */
  start?: number;
}

/**
 * Checks that published rounds were dealt from the revealed order: each round's cards are the
 * next cards of the order, with no card skipped between rounds. `start` is where the first round
 * must begin (after the first-card burn, `1 + firstCardBurnCount(order[0])`); default: the first
 * round's own `start`, else 0.
 */
export function checkDealtRounds(
  reveal: ShoeReveal,
  rounds: readonly DealtRound[],
  start?: number,
): Verification {
  const decoded = decodeReveal(reveal);
  if (typeof decoded === "string") return { ok: false, reason: decoded };
  const order = decoded.cards;
  let next = start ?? rounds[0]?.start ?? 0;
  for (const [r, round] of rounds.entries()) {
    const label = `round ${r + 1}`;
    if (round.start !== undefined && round.start !== next) {
      return { ok: false, reason: `${label} starts at card ${round.start}, expected ${next}` };
    }
    if (next + round.cards.length > order.length) {
      return { ok: false, reason: `${label} deals past the end of the shoe` };
    }
    for (const [k, card] of round.cards.entries()) {
      const expected = order[next + k]!;
      if (card !== expected) {
        const shown = isCard(card) ? formatCard(card) : String(card);
        return {
          ok: false,
          reason: `${label} card ${k + 1} is ${shown}, the order has ${formatCard(expected)} there`,
        };
      }
    }
    next += round.cards.length;
  }
  return { ok: true };
}
