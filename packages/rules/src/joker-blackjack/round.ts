import { JOKER } from "@fuda/shoe";
import type { Card } from "@fuda/shoe";

import { isWholePoints } from "../money";

import { bestTotal, dealerTotal, hardValue, isNatural, isTen, minTotal } from "./hand";
import { PREMIUMS, premiumOf } from "./premiums";
import type { PremiumName } from "./premiums";
import type {
  ApplyResult,
  DealerEvent,
  PlayerEvent,
  HandState,
  JokerBlackjackConfig,
  JokerBlackjackEvent,
  OperatorEvent,
  PlayerAction,
  RoundShoe,
  RoundState,
  SeatEntry,
  SeatState,
  Settlement,
  SettlementReason,
} from "./types";

/** An event the round refuses: out of turn, illegal now, or malformed. The state is unchanged. */
export class JokerBlackjackError extends Error {
  constructor(
    readonly code: "ILLEGAL_EVENT" | "NOT_YOUR_TURN" | "INVALID_SEATS" | "SHOE_EMPTY",
    message: string,
  ) {
    super(message);
    this.name = "JokerBlackjackError";
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type DraftSeat = Mutable<SeatState> & { hands: HandState[] };

function newHand(cards: Card[], stake: number, fromSplit: boolean): HandState {
  return {
    cards,
    stake,
    fromSplit,
    doubled: false,
    done: false,
    final: false,
    paid: 0,
    premium: null,
    pendingUnder: null,
    blackjackDue: false,
  };
}

/** A new round: seats sorted into acting order (seat 1, the rightmost, first). Nothing dealt. */
export function createRound(
  config: JokerBlackjackConfig,
  seats: readonly SeatEntry[],
  shoe: RoundShoe,
): RoundState {
  if (seats.length === 0) throw new JokerBlackjackError("INVALID_SEATS", "a round needs a bettor");
  const ordered = seats.slice().sort((a, b) => a.seat - b.seat);
  let previousSeat = 0;
  for (const entry of ordered) {
    const { seat, stake, sitDownBalance, balance } = entry;
    if (!Number.isInteger(seat) || seat <= previousSeat || seat > config.seatCount) {
      throw new JokerBlackjackError(
        "INVALID_SEATS",
        `seat ${seat} must be a free seat number 1..${config.seatCount}`,
      );
    }
    previousSeat = seat;
    if (stake <= 0 || !isWholePoints(stake)) {
      throw new JokerBlackjackError("INVALID_SEATS", `seat ${seat}: stake must be whole points`);
    }
    if (stake < (config.minStake ?? 0) || stake > (config.maxStake ?? Infinity)) {
      throw new JokerBlackjackError(
        "INVALID_SEATS",
        `seat ${seat}: stake ${stake} is outside the table limits ` +
          `${config.minStake ?? 0}..${config.maxStake ?? "∞"}`,
      );
    }
    if (!Number.isSafeInteger(balance) || balance < 0) {
      throw new JokerBlackjackError("INVALID_SEATS", `seat ${seat}: balance must be ≥ 0 units`);
    }
    if (!Number.isSafeInteger(sitDownBalance) || sitDownBalance < 0) {
      throw new JokerBlackjackError("INVALID_SEATS", `seat ${seat}: sitDownBalance must be ≥ 0`);
    }
  }
  return {
    config,
    shoe: shoe.cards,
    position: shoe.position,
    seats: ordered.map((entry): SeatState => ({
      seat: entry.seat,
      player: entry.player,
      stake: entry.stake,
      sitDownBalance: entry.sitDownBalance,
      balance: entry.balance,
      hands: [newHand([], entry.stake, false)],
      holdings: entry.balance,
      insurance: 0,
      insuranceFinal: false,
      insuranceDecided: false,
    })),
    dealer: [],
    holeRevealed: false,
    phase: "deal",
    turn: -1,
    hand: -1,
    step: 0,
    dealStep: -1,
    settledStep: 0,
    burned: [],
    burnedPositions: [],
    audit: [],
    previous: null,
  };
}

/**
 * The state under construction by one `apply`: objects are copied the first time they are
 * written, so the state passed in is never touched and untouched seats are shared. In place
 * (simulators only) nothing is copied.
 */
class Draft {
  readonly s: Mutable<RoundState>;
  readonly seats: DraftSeat[];
  readonly out: Settlement[] = [];
  /** Seats copied by this draft (by index); null when writing in place. */
  private readonly freshSeats: boolean[] | null;
  private freshHands: HandState[] | null = null;

  constructor(state: RoundState, inPlace = false) {
    if (inPlace) {
      this.s = state;
      this.seats = state.seats as DraftSeat[];
      this.freshSeats = null;
    } else {
      this.s = { ...state };
      this.seats = state.seats.slice() as DraftSeat[];
      this.s.seats = this.seats;
      this.freshSeats = [];
    }
  }

  seat(i: number): DraftSeat {
    const seat = this.seats[i]!;
    if (this.freshSeats === null || this.freshSeats[i] === true) return seat;
    const copy = { ...seat, hands: seat.hands.slice() };
    this.freshSeats[i] = true;
    this.seats[i] = copy;
    return copy;
  }

  hand(i: number, h: number): Mutable<HandState> {
    const seat = this.seat(i);
    const hand = seat.hands[h]!;
    if (this.freshSeats === null) return hand;
    this.freshHands ??= [];
    if (this.freshHands.includes(hand)) return hand;
    const copy = { ...hand };
    this.freshHands.push(copy);
    seat.hands[h] = copy;
    return copy;
  }

  addCard(hand: Mutable<HandState>, card: Card): void {
    if (this.freshSeats === null) (hand.cards as Card[]).push(card);
    else hand.cards = [...hand.cards, card];
  }

  draw(): Card {
    const card = this.s.shoe[this.s.position];
    if (card === undefined)
      throw new JokerBlackjackError("SHOE_EMPTY", "the shoe has no cards left");
    this.s.position++;
    return card;
  }

  pay(
    i: number,
    h: number,
    bet: Settlement["bet"],
    kind: Settlement["kind"],
    reason: SettlementReason,
    stake: number,
    amount: number,
    premium: PremiumName | null = null,
  ): void {
    const seat = this.seat(i);
    seat.holdings += amount;
    const award = premium === null ? null : PREMIUMS[premium].award;
    this.out.push({
      seat: seat.seat,
      player: seat.player,
      hand: h,
      bet,
      kind,
      reason,
      stake,
      amount,
      awards: award === null ? [] : [award],
    });
  }

  /** Makes a hand's bet final with `amount` returned. */
  settle(
    i: number,
    h: number,
    reason: SettlementReason,
    amount: number,
    premium: PremiumName | null = null,
  ): void {
    const hand = this.hand(i, h);
    hand.final = true;
    hand.paid = amount;
    hand.blackjackDue = false;
    this.pay(i, h, "hand", "settle", reason, hand.stake, amount, premium);
  }
}

function isLastSeat(d: Draft, i: number): boolean {
  return i === d.seats.length - 1;
}

/** Pays a premium: settles an open bet, or tops a final one up to the premium's total. */
function payPremium(d: Draft, i: number, h: number, name: PremiumName): void {
  const hand = d.hand(i, h);
  const total = PREMIUMS[name].pays * hand.stake;
  if (!hand.final) {
    d.settle(i, h, name, total, name);
    hand.premium = name;
  } else if (total > hand.paid) {
    // A premium made after the joker's 2× tops the payout up; it never pays twice
    // (docs/rules/joker-blackjack.md, The joker).
    const topUp = total - hand.paid;
    hand.paid = total;
    hand.premium = name;
    d.pay(i, h, "hand", "topUp", name, hand.stake, topUp, name);
  }
}

/** A player's joker: the last seat's extra effect first, then 2× at once and final. */
function playerJoker(d: Draft, i: number, h: number): void {
  const seat = d.seat(i);
  const hand = d.hand(i, h);
  if (isLastSeat(d, i)) {
    if (seat.holdings < seat.sitDownBalance) {
      d.pay(
        i,
        h,
        "hand",
        "bonus",
        "last-seat restore",
        hand.stake,
        seat.sitDownBalance - seat.holdings,
      );
    } else {
      d.pay(i, h, "hand", "bonus", "last-seat bonus", hand.stake, 3 * hand.stake);
    }
  }
  if (!hand.final) d.settle(i, h, "joker", 2 * hand.stake);
}

/** The hand takes no more cards: a 6-/7-under made pays now, a bust loses. */
function finishHand(d: Draft, i: number, h: number): void {
  const hand = d.hand(i, h);
  hand.done = true;
  if (hand.pendingUnder !== null) {
    const name = hand.pendingUnder;
    hand.pendingUnder = null;
    payPremium(d, i, h, name);
  } else if (!hand.final && minTotal(hand.cards) > 21) {
    d.settle(i, h, "lose", 0);
  }
}

/**
 * A card arrives on a player's hand: joker effect, premiums, then a bust, a hard 21 or a blackjack
 * ends the hand. A soft or joker 21 may still draw: a sixth or seventh card can make a 6-/7-under
 * (from a soft 21 with five cards it always does), and a bet the joker made final risks nothing.
 */
function giveCard(d: Draft, i: number, h: number, card: Card): void {
  const hand = d.hand(i, h);
  d.addCard(hand, card);
  if (card === JOKER) playerJoker(d, i, h);
  const premium = premiumOf(hand.cards);
  if (premium !== null) {
    if (PREMIUMS[premium].paidWhenFinished) hand.pendingUnder = premium;
    else payPremium(d, i, h, premium);
  }
  if (minTotal(hand.cards) >= 21 || (!hand.fromSplit && isNatural(hand.cards))) {
    finishHand(d, i, h);
  } else if (hand.fromSplit && hand.cards.length === 2 && hardValue(hand.cards[0]!) === 1) {
    // Split Aces get one card each and no further action.
    finishHand(d, i, h);
  }
}

function forcedPush(d: Draft): void {
  d.seats.forEach((seat, i) => {
    seat.hands.forEach((hand, h) => {
      if (!hand.final) d.settle(i, h, "forced push", hand.stake);
    });
    if (seat.insurance > 0 && !seat.insuranceFinal) {
      d.seat(i).insuranceFinal = true;
      d.pay(i, 0, "insurance", "settle", "forced push", seat.insurance, seat.insurance);
    }
  });
  d.s.phase = "over";
  d.s.turn = -1;
  d.s.hand = -1;
}

/** The next hand needing a player from (i, h) on, dealing the second card of split hands. */
function advance(d: Draft, i: number, h: number): void {
  for (; i < d.seats.length; i++, h = 0) {
    for (; h < d.seats[i]!.hands.length; h++) {
      const hand = d.seats[i]!.hands[h]!;
      if (hand.cards.length === 1) giveCard(d, i, h, d.draw());
      if (!d.seats[i]!.hands[h]!.done) {
        d.s.turn = i;
        d.s.hand = h;
        return;
      }
    }
  }
  d.s.phase = "dealer";
  d.s.turn = -1;
  d.s.hand = -1;
}

function insuranceEligible(seat: SeatState): boolean {
  return !seat.insuranceDecided && !seat.hands[0]!.final;
}

function nextInsuranceDecision(d: Draft, from: number): void {
  for (let i = from; i < d.seats.length; i++) {
    if (insuranceEligible(d.seats[i]!)) {
      d.s.phase = "insurance";
      d.s.turn = i;
      d.s.hand = 0;
      return;
    }
  }
  dealerCheck(d);
}

/** Up card A or T: does the dealer hold blackjack? A joker in the hole is not one (and stays hidden). */
function dealerCheck(d: Draft): void {
  const dealerBlackjack = isNatural(d.s.dealer);
  d.seats.forEach((seat, i) => {
    if (seat.insurance > 0) {
      d.seat(i).insuranceFinal = true;
      d.pay(
        i,
        0,
        "insurance",
        "settle",
        "insurance",
        seat.insurance,
        dealerBlackjack ? seat.insurance : 0,
      );
    }
    seat.hands.forEach((hand, h) => {
      if (hand.final) return;
      if (!dealerBlackjack) {
        if (hand.blackjackDue) d.settle(i, h, "blackjack", (5 * hand.stake) / 2);
      } else if (seat.insurance > 0) d.settle(i, h, "insurance", hand.stake);
      else if (hand.blackjackDue) d.settle(i, h, "push", hand.stake);
      else d.settle(i, h, "lose", 0);
    });
  });
  if (dealerBlackjack) {
    d.s.holeRevealed = true;
    d.s.phase = "over";
    d.s.turn = -1;
    d.s.hand = -1;
  } else {
    d.s.phase = "play";
    advance(d, 0, 0);
  }
}

function deal(d: Draft): void {
  const n = d.seats.length;
  for (let i = 0; i < n; i++) {
    const card = d.draw();
    d.hand(i, 0).cards = [card];
    if (card === JOKER) playerJoker(d, i, 0);
  }
  const up = d.draw();
  d.s.dealer = [up];
  if (up === JOKER) {
    // The up-card joker pushes every bet not yet final and ends the round at once
    // (docs/rules/joker-blackjack.md, The joker).
    forcedPush(d);
    return;
  }
  for (let i = 0; i < n; i++) giveCard(d, i, 0, d.draw());
  d.s.dealer = [up, d.draw()];
  const upIsAce = hardValue(up) === 1;
  const checks = upIsAce || isTen(up);
  for (let i = 0; i < n; i++) {
    const hand = d.seats[i]!.hands[0]!;
    if (hand.final || !isNatural(hand.cards)) continue;
    if (checks) d.hand(i, 0).blackjackDue = true;
    else d.settle(i, 0, "blackjack", (5 * hand.stake) / 2);
  }
  for (let i = 0; i < n; i++) {
    if (!insuranceEligible(d.seats[i]!) || !upIsAce) d.seat(i).insuranceDecided = true;
  }
  if (upIsAce) nextInsuranceDecision(d, 0);
  else if (checks) dealerCheck(d);
  else {
    d.s.phase = "play";
    advance(d, 0, 0);
  }
}

function settleAgainstDealer(d: Draft): void {
  const dealer = dealerTotal(d.s.dealer);
  d.seats.forEach((seat, i) => {
    seat.hands.forEach((hand, h) => {
      if (hand.final) return;
      const player = bestTotal(hand.cards);
      if (dealer > 21 || player > dealer) d.settle(i, h, "win", 2 * hand.stake);
      else if (player === dealer) d.settle(i, h, "push", hand.stake);
      else d.settle(i, h, "lose", 0);
    });
  });
  d.s.phase = "over";
}

function anyOpenBet(state: RoundState): boolean {
  return state.seats.some((seat) => seat.hands.some((hand) => !hand.final));
}

/** The dealer has drawn or revealed `card`: a joker pushes the open bets, 17+ settles them. */
function afterDealerCard(d: Draft, card: Card): void {
  if (card === JOKER) forcedPush(d);
  else if (!anyOpenBet(d.s)) d.s.phase = "over";
  else if (dealerTotal(d.s.dealer) >= 17) settleAgainstDealer(d);
}

/** The dealer's next step, or null when it is a player's turn or the round is over. */
export function nextDealerStep(state: RoundState): "deal" | "reveal" | "draw" | null {
  if (state.phase === "deal") return "deal";
  if (state.phase !== "dealer") return null;
  return state.holeRevealed ? "draw" : "reveal";
}

/** Every player action, in the order `legalActions` lists them. */
export const PLAYER_ACTIONS: readonly PlayerAction[] = [
  "hit",
  "stand",
  "double",
  "split",
  "surrender",
  "insurance",
  "evenMoney",
  "declineInsurance",
];

/** May the seat whose turn it is take `action` now? */
function isAllowed(state: RoundState, current: SeatState, action: PlayerAction): boolean {
  const hand = current.hands[state.hand]!;
  if (state.phase === "insurance") {
    if (action === "declineInsurance") return true;
    if (action === "evenMoney") return hand.blackjackDue;
    return action === "insurance" && !hand.blackjackDue && current.holdings >= current.stake / 2;
  }
  if (state.phase !== "play") return false;
  const firstTwo = hand.cards.length === 2 && !hand.final;
  switch (action) {
    case "hit":
    case "stand":
      return true;
    case "double":
      return firstTwo && !hand.fromSplit && current.holdings >= hand.stake;
    case "surrender":
      return firstTwo && !hand.fromSplit;
    case "split": {
      const [a, b] = hand.cards as [Card, Card];
      return (
        firstTwo &&
        current.holdings >= hand.stake &&
        a !== JOKER &&
        (a & 0x0f) === (b & 0x0f) &&
        current.hands.length < state.config.maxHands
      );
    }
    default:
      return false;
  }
}

/** The actions `seat` may take now; empty when it is not their turn. */
export function legalActions(state: RoundState, seat: number): PlayerAction[] {
  const current = state.seats[state.turn];
  if (current?.seat !== seat) return [];
  return PLAYER_ACTIONS.filter((action) => isAllowed(state, current, action));
}

function playerAction(d: Draft, type: PlayerAction, i: number): void {
  const h = d.s.hand;
  const seat = d.seat(i);
  if (d.s.phase === "insurance") {
    if (type === "insurance") {
      seat.insurance = seat.stake / 2;
      seat.holdings -= seat.insurance;
    } else if (type === "evenMoney") d.settle(i, 0, "even money", 2 * seat.hands[0]!.stake);
    seat.insuranceDecided = true;
    nextInsuranceDecision(d, i + 1);
    return;
  }
  const hand = d.hand(i, h);
  switch (type) {
    case "hit":
      giveCard(d, i, h, d.draw());
      break;
    case "stand":
      finishHand(d, i, h);
      break;
    case "double":
      seat.holdings -= hand.stake;
      hand.stake *= 2;
      hand.doubled = true;
      giveCard(d, i, h, d.draw());
      if (!d.seats[i]!.hands[h]!.done) finishHand(d, i, h);
      break;
    case "split": {
      seat.holdings -= hand.stake;
      const [first, second] = hand.cards as [Card, Card];
      seat.hands.splice(
        h,
        1,
        newHand([first], hand.stake, true),
        newHand([second], hand.stake, true),
      );
      break;
    }
    case "surrender":
      d.settle(i, h, "surrender", hand.stake / 2);
      d.hand(i, h).done = true;
      break;
    default:
      throw new JokerBlackjackError("ILLEGAL_EVENT", `${type} is not a play action`);
  }
  advance(d, i, h);
}

function refuse(message: string): never {
  throw new JokerBlackjackError("ILLEGAL_EVENT", message);
}

/** Every bet not yet final wins (a made premium stands instead; an unpaid blackjack gets 2.5×). */
function settleAllAsWin(d: Draft): void {
  d.seats.forEach((seat, i) => {
    if (seat.insurance > 0 && !seat.insuranceFinal) {
      d.seat(i).insuranceFinal = true;
      d.pay(i, 0, "insurance", "settle", "dealing mistake", seat.insurance, 2 * seat.insurance);
    }
    seat.hands.forEach((hand, h) => {
      if (hand.pendingUnder !== null) {
        const name = hand.pendingUnder;
        d.hand(i, h).pendingUnder = null;
        payPremium(d, i, h, name);
      } else if (!hand.final) {
        d.settle(
          i,
          h,
          "dealing mistake",
          hand.blackjackDue ? (5 * hand.stake) / 2 : 2 * hand.stake,
        );
      }
    });
  });
  d.s.phase = "over";
  d.s.turn = -1;
  d.s.hand = -1;
}

function operatorEvent(state: RoundState, event: OperatorEvent): ApplyResult {
  if (state.phase === "deal" || state.phase === "over") {
    refuse(`${event.type}: only while a dealt round is in play (phase ${state.phase})`);
  }
  if (event.type === "rewind") {
    const { toStep } = event;
    if (!Number.isInteger(toStep) || toStep >= state.step || toStep < state.settledStep) {
      refuse(
        `rewind: step ${toStep} must be in ${state.settledStep}..${state.step - 1}; steps up to ` +
          `${state.settledStep} settled bets (declare the mistake unrecoverable instead)`,
      );
    }
    let target: RoundState = state;
    while (target.step > toStep) target = target.previous!;
    // Cards out of the shoe since the target were drawn by the actions now cancelled, or burned
    // already by a rewind made since (the target's burned list is a prefix of the state's).
    const burnedSince = new Set(state.burnedPositions.slice(target.burnedPositions.length));
    const positions: number[] = [];
    for (let k = target.position; k < state.position; k++) {
      if (!burnedSince.has(k)) positions.push(k);
    }
    const burned = positions.map((k) => state.shoe[k]!);
    const d = new Draft(target);
    target.seats.forEach((seat, i) => {
      // Stakes of cancelled doubles, splits and insurance go back to the player.
      const refund = seat.holdings - state.seats[i]!.holdings;
      if (refund > 0) {
        d.pay(i, 0, "hand", "refund", "dealing mistake", seat.stake, refund);
        d.seat(i).holdings = seat.holdings;
      }
    });
    d.s.position = state.position;
    d.s.burned = [...state.burned, ...burned];
    d.s.burnedPositions = [...state.burnedPositions, ...positions];
    d.s.audit = [...state.audit, { step: state.step, event, burned }];
    return { state: d.s, settlements: d.out };
  }
  const d = new Draft(state);
  d.s.audit = [...state.audit, { step: state.step, event, burned: [] }];
  // An improper deal with no action taken yet: the recorded deal is the correct one (it came
  // from the shoe in order), so it is restored as shown and play continues.
  if (event.type === "unrecoverable" || state.step > state.dealStep) settleAllAsWin(d);
  return { state: d.s, settlements: d.out };
}

/**
 * Applies one event: a dealer step, a player's action (or their timeout) or an operator's
 * dealing-mistake decision. Returns the new state and what it settled; throws
 * `JokerBlackjackError` (and changes nothing) when the event is out of turn or illegal.
 */
export function apply(state: RoundState, event: JokerBlackjackEvent): ApplyResult {
  if (event.type === "rewind" || event.type === "unrecoverable" || event.type === "improperDeal") {
    return operatorEvent(state, event);
  }
  return applyPlay(state, event, false);
}

/**
 * `apply` for simulators: writes the state in place and keeps no history (no rewinds). The
 * rules are the same code; only the copying is skipped.
 */
export function applyInPlace(state: RoundState, event: DealerEvent | PlayerEvent): ApplyResult {
  return applyPlay(state, event, true);
}

function applyPlay(
  state: RoundState,
  event: DealerEvent | PlayerEvent,
  inPlace: boolean,
): ApplyResult {
  if (state.phase === "over") refuse(`${event.type}: the round is over`);
  const step = state.step;
  const d = new Draft(state, inPlace);
  if (event.type === "deal" || event.type === "reveal" || event.type === "draw") {
    const expected = nextDealerStep(state);
    if (expected !== event.type) {
      refuse(`${event.type}: the dealer's next step is ${expected ?? "none (players are acting)"}`);
    }
    if (event.type === "deal") deal(d);
    else if (event.type === "reveal") {
      d.s.holeRevealed = true;
      afterDealerCard(d, state.dealer[1]!);
    } else {
      const card = d.draw();
      d.s.dealer = [...state.dealer, card];
      afterDealerCard(d, card);
    }
  } else {
    const i = state.turn;
    const seat = state.seats[i];
    if (seat?.seat !== event.seat) {
      throw new JokerBlackjackError(
        "NOT_YOUR_TURN",
        `${event.type}: it is not seat ${event.seat}'s turn` +
          (seat === undefined ? ` (phase ${state.phase})` : ` (seat ${seat.seat} is acting)`),
      );
    }
    let type: PlayerAction;
    if (event.type === "timeout") type = state.phase === "insurance" ? "declineInsurance" : "stand";
    else type = event.type;
    if (!isAllowed(state, seat, type)) {
      refuse(
        `${type}: not allowed for seat ${event.seat} now (allowed: ${legalActions(state, event.seat).join(", ")})`,
      );
    }
    playerAction(d, type, i);
  }
  d.s.step = step + 1;
  d.s.previous = inPlace ? null : state;
  if (event.type === "deal") d.s.dealStep = d.s.step;
  if (d.out.length > 0) d.s.settledStep = d.s.step;
  return { state: d.s, settlements: d.out };
}

/** Applies `events` in order from a new round: the same shoe and events, the same result. */
export function replay(
  config: JokerBlackjackConfig,
  seats: readonly SeatEntry[],
  shoe: RoundShoe,
  events: readonly JokerBlackjackEvent[],
): { state: RoundState; settlements: Settlement[] } {
  let state = createRound(config, seats, shoe);
  const settlements: Settlement[] = [];
  for (const event of events) {
    const result = apply(state, event);
    state = result.state;
    settlements.push(...result.settlements);
  }
  return { state, settlements };
}
