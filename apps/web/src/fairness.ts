/**
 * Checking a shoe in the browser (docs/fairness.md): the commitment bytes built by `@fuda/shoe`
 * (plain TypeScript, browser-safe), hashed with Web Crypto's SHA-256, then every finished round
 * checked against the revealed order card by card. Results are values with a code and the facts
 * behind it, so the page words them in its own language.
 */
import type { ShoeDetail } from "@fuda/api";
import type { Card } from "@fuda/shoe";
import {
  commitmentBytes,
  firstCardBurnCount,
  fromHex,
  isCard,
  SALT_BYTES,
  toHex,
  UNKNOWN_CARD,
} from "@fuda/shoe";

export interface Reveal {
  salt: string;
  cards: string;
}

/** Why a reveal is refused before or after hashing. */
export type RevealProblem =
  | { code: "saltHex" }
  | { code: "saltLength"; bytes: number }
  | { code: "cardsHex" }
  | { code: "notACard"; index: number; byte: string }
  | { code: "mismatch"; digest: string };

export type RevealCheck =
  { ok: true; digest: string; order: Uint8Array } | { ok: false; problem: RevealProblem };

/** The salt and order as bytes, or why they are not a reveal (hex, salt length, a non-card byte). */
export function decodeReveal(
  reveal: Reveal,
): { salt: Uint8Array; order: Uint8Array } | RevealProblem {
  let salt: Uint8Array;
  let order: Uint8Array;
  try {
    salt = fromHex(reveal.salt.trim(), "salt");
  } catch {
    return { code: "saltHex" };
  }
  if (salt.length !== SALT_BYTES) return { code: "saltLength", bytes: salt.length };
  try {
    order = fromHex(reveal.cards.replace(/\s+/g, ""), "cards");
  } catch {
    return { code: "cardsHex" };
  }
  const index = order.findIndex((byte) => !isCard(byte));
  if (index >= 0) return { code: "notACard", index, byte: toHex(order.subarray(index, index + 1)) };
  return { salt, order };
}

/** `SHA-256("fuda-shoe-v1" ‖ salt ‖ uint16 N ‖ cards)` in lower-case hex, with Web Crypto. */
export async function commitmentOf(
  order: Uint8Array,
  salt: Uint8Array,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<string> {
  const bytes = commitmentBytes(order, salt);
  return toHex(new Uint8Array(await subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>)));
}

/** Recomputes the commitment from the reveal and compares it with the one published. */
export async function verifyReveal(
  commitment: string,
  reveal: Reveal,
  subtle?: SubtleCrypto,
): Promise<RevealCheck> {
  const decoded = decodeReveal(reveal);
  if ("code" in decoded) return { ok: false, problem: decoded };
  const digest = await commitmentOf(decoded.order, decoded.salt, subtle);
  if (digest !== commitment.toLowerCase())
    return { ok: false, problem: { code: "mismatch", digest } };
  return { ok: true, digest, order: decoded.order };
}

/** A studio shoe's recorded order, or why its hex is not one. */
export type RecordCheck = { ok: true; order: Uint8Array } | { ok: false; problem: RevealProblem };

/**
 * A studio shoe's record (docs/studio.md, Fairness): the cards in the order the dealer entered
 * them, `ff` where none was (a skipped burn). Its cards are physical, so there is no commitment
 * to hash: the rounds are checked against this order alone.
 */
export function checkRecordedOrder(cards: string): RecordCheck {
  let order: Uint8Array;
  try {
    order = fromHex(cards.replace(/\s+/g, ""), "cards");
  } catch {
    return { ok: false, problem: { code: "cardsHex" } };
  }
  const index = order.findIndex((byte) => byte !== UNKNOWN_CARD && !isCard(byte));
  if (index >= 0) {
    const byte = toHex(order.subarray(index, index + 1));
    return { ok: false, problem: { code: "notACard", index, byte } };
  }
  return { ok: true, order };
}

/** Why one round (or the opening burn, `round` 0) does not match the revealed order. */
export type RoundProblem =
  | { code: "startsElsewhere"; start: number; expected: number }
  | { code: "pastTheEnd"; at: number }
  | { code: "cardDiffers"; at: number; hand: string | null; shown: Card; revealed: Card }
  | { code: "burnDiffers"; shown: Card; revealed: Card }
  | { code: "burnCount"; burnCount: number; expected: number };

export interface RoundCheck {
  /** 0: the opening burn; else the round's number. */
  round: number;
  ok: boolean;
  problem: RoundProblem | null;
  /** Cards checked (shown at the table) and taken (burns and face-down cards included). */
  checked: number;
  taken: number;
}

const passed = (round: number, checked: number, taken: number): RoundCheck => ({
  round,
  ok: true,
  problem: null,
  checked,
  taken,
});

const failed = (round: number, problem: RoundProblem, taken: number): RoundCheck => ({
  round,
  ok: false,
  problem,
  checked: 0,
  taken,
});

/**
 * The opening burn and every finished round against `order`: the first card turned up is the
 * order's first and burns as many as its value (docs/fairness.md, Checking the dealt rounds);
 * each round starts where the previous one ended and every card shown at the table is the order's
 * card at that position. Burned and face-down cards are positions only: never shown, nothing to
 * compare.
 */
export function checkRounds(
  shoe: Pick<ShoeDetail, "firstBurn" | "firstRoundAt" | "rounds">,
  order: Uint8Array,
): RoundCheck[] {
  const checks: RoundCheck[] = [];
  if (shoe.firstBurn !== null) {
    const { shownCard, burnCount } = shoe.firstBurn;
    const taken = 1 + burnCount;
    if (order[0] !== shownCard) {
      checks.push(
        failed(0, { code: "burnDiffers", shown: shownCard, revealed: order[0] ?? 0 }, taken),
      );
    } else if (burnCount !== firstCardBurnCount(shownCard)) {
      checks.push(
        failed(0, { code: "burnCount", burnCount, expected: firstCardBurnCount(shownCard) }, taken),
      );
    } else checks.push(passed(0, 1, taken));
  }
  let next = shoe.firstRoundAt;
  for (const round of shoe.rounds) {
    checks.push(checkRound(round, next, order));
    next = round.start + round.cards.length;
  }
  return checks;
}

function checkRound(
  round: ShoeDetail["rounds"][number],
  expected: number,
  order: Uint8Array,
): RoundCheck {
  const taken = round.cards.length;
  if (round.start !== expected) {
    return failed(round.number, { code: "startsElsewhere", start: round.start, expected }, taken);
  }
  let checked = 0;
  for (const [k, { at, kind, card, hand }] of round.cards.entries()) {
    // Each position the round took, in turn: a gap or a repeat is a card skipped or taken twice.
    if (at !== round.start + k) {
      return failed(
        round.number,
        { code: "startsElsewhere", start: at, expected: round.start + k },
        taken,
      );
    }
    if (at >= order.length) return failed(round.number, { code: "pastTheEnd", at }, taken);
    if (kind !== "shown" || card === null) continue;
    if (order[at] !== card) {
      return failed(
        round.number,
        { code: "cardDiffers", at, hand, shown: card, revealed: order[at]! },
        taken,
      );
    }
    checked++;
  }
  return passed(round.number, checked, taken);
}
