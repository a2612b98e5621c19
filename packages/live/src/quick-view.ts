/**
 * A player's quick game as it is stored (the whole game, the shoe's secret order included) and
 * as the player sees it (never the order of the undealt cards).
 */
import type { baccarat } from "@fuda/rules";
import type { ShoeJson } from "@fuda/shoe";
import { cardsLeft, formatCard, shoeFromJson, shoeToJson } from "@fuda/shoe";

/** The quick game's state machine (`@fuda/rules`) and what the runtime adds around it. */
export interface QuickSession {
  game: baccarat.QuickGame;
  /** The shoe's id in the history: a new one at each reshuffle. */
  shoeId: string;
  /** The `quick_hands` row of the hand on show, null before the first deal. */
  lastHandId: string | null;
}

/** `quick_sessions.state`. */
export interface QuickSessionJson {
  version: 1;
  balance: number;
  bets: Record<baccarat.QuickSpot, number>;
  phase: baccarat.QuickPhase;
  handsDealt: number;
  lastHand: (baccarat.QuickHand & { id: string }) | null;
  shoeId: string;
  shoe: ShoeJson;
}

export function quickSessionToJson({ game, shoeId, lastHandId }: QuickSession): QuickSessionJson {
  return {
    version: 1,
    balance: game.balance,
    bets: { ...game.bets },
    phase: game.phase,
    handsDealt: game.handsDealt,
    lastHand: game.lastHand === null ? null : { id: lastHandId!, ...game.lastHand },
    shoeId,
    shoe: shoeToJson(game.shoe),
  };
}

export function quickSessionFromJson(json: QuickSessionJson): QuickSession {
  const version: number = json.version;
  if (version !== 1) throw new RangeError(`unknown quick session version ${version}`);
  const { lastHand } = json;
  return {
    game: {
      balance: json.balance,
      bets: json.bets,
      phase: json.phase,
      handsDealt: json.handsDealt,
      lastHand:
        lastHand === null ? null : { outcome: lastHand.outcome, settlements: lastHand.settlements },
      shoe: shoeFromJson(json.shoe),
    },
    shoeId: json.shoeId,
    lastHandId: lastHand?.id ?? null,
  };
}

export interface QuickCard {
  /** `player-1`, `banker-1`, `player-2`, `banker-2`, then `player-3` / `banker-3`. */
  position: string;
  card: number;
  /** e.g. "10♥". */
  label: string;
}

/** The hand's cards in deal order, named by position as at a live baccarat table. */
export function quickCards(outcome: baccarat.RoundOutcome): QuickCard[] {
  const [p1, p2, p3] = outcome.playerCards;
  const [b1, b2, b3] = outcome.bankerCards;
  const dealt: [string, number | undefined][] = [
    ["player-1", p1],
    ["banker-1", b1],
    ["player-2", p2],
    ["banker-2", b2],
    ["player-3", p3],
    ["banker-3", b3],
  ];
  return dealt
    .filter((entry): entry is [string, number] => entry[1] !== undefined)
    .map(([position, card]) => ({ position, card, label: formatCard(card) }));
}

/** What `quick.state` and every step answer. Money in minor units. */
export interface QuickView {
  /** Quick points held, not counting the points on the spots. */
  balance: number;
  bets: Record<baccarat.QuickSpot, number>;
  phase: baccarat.QuickPhase;
  handsDealt: number;
  /** Cards not yet dealt from the player's shoe (520 after a reshuffle). */
  cardsLeft: number;
  lastHand: {
    handId: string;
    cards: QuickCard[];
    outcome: baccarat.RoundOutcome;
    settlements: baccarat.Settlement[];
  } | null;
}

export function quickView({ game, lastHandId }: QuickSession): QuickView {
  const { lastHand } = game;
  return {
    balance: game.balance,
    bets: { ...game.bets },
    phase: game.phase,
    handsDealt: game.handsDealt,
    cardsLeft: cardsLeft(game.shoe),
    lastHand:
      lastHand === null
        ? null
        : {
            handId: lastHandId!,
            cards: quickCards(lastHand.outcome),
            outcome: lastHand.outcome,
            settlements: [...lastHand.settlements],
          },
  };
}
