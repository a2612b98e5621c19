import { makeCard, parseCard } from "@fuda/shoe";

import type { RoundOutcome } from "../../src/baccarat";
import { dealtFrom } from "../../src/baccarat";

/** Cards from text in deal order, e.g. "9S 8H KD QC" (Player, Banker, Player, Banker, …). */
export const cards = (text: string): number[] => text.split(/\s+/).map(parseCard);

/** The round dealt from exactly these cards. */
export const dealt = (text: string): RoundOutcome => dealtFrom(cards(text));

/** Any card of a standard or five-suit deck. */
export const anyCard = (rank: number, suit: number): number => makeCard(rank, suit);
