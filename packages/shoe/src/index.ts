/**
 * @fuda/shoe: cards as small integers, shoe compositions, unbiased shuffling with a CSPRNG or
 * a reproducible HMAC-SHA256 DRBG, the dealing procedures (cut card, burns, last round) over a
 * serializable state, and verifiable (committed, then revealed) shoes. No game values here.
 */

/** A card `(suit << 4) | rank`; rank 1..13 (A=1, J=11, Q=12, K=13), suit 0..4 (♠ ♥ ♦ ♣ ★). */
export type { Card } from "./cards";
/** Named ranks, the joker (0x50, rank 0) and the suit symbols, indexed by suit. */
export { ACE, JACK, QUEEN, KING, JOKER, SUIT_SYMBOLS } from "./cards";
/** Encode / decode a card; `isCard` tells whether a number is a valid card code. */
export { makeCard, rankOf, suitOf, isCard } from "./cards";
/** "A♠", "10♥", "K★", "JK"; `parseCard` also takes S/H/D/C/X for the suits and T for 10. */
export { formatCard, parseCard } from "./cards";

/** Options of `composition`: decks, suits per deck (4 or 5) and jokers per shoe. */
export type { CompositionOptions } from "./compositions";
/** Card lists in new-deck order: any composition, N standard decks, the quick game's 520, blackjack. */
export { composition, standardDecks, quickGameDeck, blackjackShoe } from "./compositions";
/** Count the cards by code (Uint32Array of 256) / compare a shoe with its composition. */
export { cardCounts, isPermutationOf } from "./compositions";

/** A source of uniform 32-bit words; `DrbgSeed` configures the deterministic one. */
export type { Rng, DrbgSeed } from "./rng";
/** Production CSPRNG and the reproducible HMAC-SHA256 DRBG (server seed, client seed, nonce). */
export { CryptoRng, HmacDrbg } from "./rng";
/** xoshiro128** seeded from the DRBG: fast, for simulations only, never for a live shoe. */
export { SimulationRng } from "./rng";
/** Unbiased integer in [0, n) by rejection; in-place Fisher–Yates; random bytes from an Rng. */
export { uniformInt, shuffle, randomBytes } from "./rng";

/** The shoe state, its JSON form and the options of `newShoe` / cut card / first-card burn. */
export type {
  Shoe,
  ShoeProgress,
  ShoeJson,
  NewShoeOptions,
  CutCardRange,
  FirstCardBurn,
} from "./shoe";
/** The live tables' cut-card range (14..70 from the end) and the commitment salt size. */
export { DEFAULT_CUT_CARD, SALT_BYTES } from "./shoe";
/** Create a shuffled shoe with its cut card and salt; reshuffle it in place; cards left. */
export { newShoe, reshuffle, reshuffleIfShort, cardsLeft } from "./shoe";
/** Draw one or several cards (flags `cutCardReached`), burn face down, the first-card burn and its count. */
export { draw, drawCards, burn, burnFirstCard, firstCardBurnCount, burnDealtSince } from "./shoe";
/** Round bookkeeping: "last round" = the round in which the cut card appears; replay a round. */
export { startRound, endRound, roundCards } from "./shoe";
/** Serialize / resume a shoe exactly (the JSON holds the secret salt: keep it server-side). */
export { shoeToJson, shoeFromJson } from "./shoe";
/** A stored shoe's JSON checked field by field before `shoeFromJson` reads it. */
export { isShoeJson, shoeJsonOf } from "./shoe-json";

/** The published reveal, a verification result, a published round, verify options. */
export type { ShoeReveal, Verification, DealtRound, VerifyOptions } from "./verify";
/** Commitment = SHA-256("fuda-shoe-v1" ‖ salt ‖ uint16 count ‖ cards); see docs/fairness.md. */
export { COMMITMENT_TAG, commitmentBytes, commitShoe, shoeCommitment, revealShoe } from "./verify";
/** Pure checks: the reveal matches the commitment; published rounds match the revealed order. */
export { verifyShoe, checkDealtRounds } from "./verify";

/** SHA-256 and HMAC-SHA256 in plain TypeScript (browser-safe); hex helpers. */
export { sha256, HmacSha256 } from "./sha256";
export { toHex, fromHex } from "./hex";

/** Studio shoes: physical cards entered one by one; `UNKNOWN_CARD` where none was entered. */
export { UNKNOWN_CARD } from "./cards";
export { newStudioShoe, cutCardOut, parseCardCode, cardCode } from "./studio";
