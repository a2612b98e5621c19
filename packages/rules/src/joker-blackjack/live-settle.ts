/**
 * A dealt round's engine settlements as returns per bet row (docs/rules/live-tables.md, Game
 * definitions): the rows are each seat's `main` bets from the betting window and the rows its
 * actions added (`double`, `split`, `split-2`…, `insurance`). Per seat the rows return exactly
 * what the engine settled; how it is spread over the rows follows the stakes. Bets `behind` a
 * seat return what the seat's first hand returned per unit (behind.ts), beside the seat's own.
 */
import type { LiveBet, UnitReturn } from "../live/definition";
import { behindReturn } from "./behind";
import type { ActionStakeRow, JokerBlackjackRound } from "./live-round";
import type { Settlement } from "./types";

/** `total` over `amounts` in proportion, the rounding left to the last (units stay whole). */
function spread(total: number, amounts: readonly number[]): number[] {
  const staked = amounts.reduce((sum, amount) => sum + amount, 0);
  let left = total;
  return amounts.map((amount, k) => {
    if (k === amounts.length - 1) return left;
    const share = Math.floor((total * amount) / staked);
    left -= share;
    return share;
  });
}

const amountOf = (records: readonly Settlement[]): number =>
  records.reduce((sum, record) => sum + record.amount, 0);

/** Each of one seat's rows with what it returns, by row id (`main` for the main bets together). */
function seatReturns(round: JokerBlackjackRound, seat: number, stake: number): Map<string, number> {
  const records = round.settlements.filter((record) => record.seat === seat);
  const onHand = (h: number) =>
    amountOf(
      records.filter(
        (record) =>
          record.bet === "hand" &&
          record.hand === h &&
          (record.kind === "settle" || record.kind === "topUp"),
      ),
    );
  const rows = round.stakes.filter((row) => row.seat === seat);
  const live = (action: string): ActionStakeRow[] =>
    rows.filter(
      (row) => !row.cancelled && (row.bet === action || row.bet.startsWith(`${action}-`)),
    );
  const returns = new Map<string, number>();
  const hands = round.seats.find((view) => view.seat === seat)!.hands;
  const splits = live("split");
  if (hands.length !== splits.length + 1) {
    throw new RangeError(`seat ${seat}: ${hands.length} hands but ${splits.length} split stakes`);
  }
  // Every split hand carries the main stake, so the k-th split row stands for hand k.
  splits.forEach((row, k) => returns.set(row.bet, onHand(k + 1)));
  let main = onHand(0);
  const [double] = live("double");
  if (double !== undefined) {
    const share = Math.floor((main * double.amount) / (stake + double.amount));
    returns.set(double.bet, share);
    main -= share;
  }
  for (const row of live("insurance")) {
    returns.set(row.bet, amountOf(records.filter((record) => record.bet === "insurance")));
  }
  const cancelled = rows.filter((row) => row.cancelled);
  for (const row of cancelled) returns.set(row.bet, row.amount);
  const refunded = amountOf(records.filter((record) => record.kind === "refund"));
  if (refunded !== cancelled.reduce((sum, row) => sum + row.amount, 0)) {
    throw new RangeError(`seat ${seat}: refunds do not match the cancelled stakes`);
  }
  // The last seat's joker pays beside the bet; it goes with the main bet.
  returns.set("main", main + amountOf(records.filter((record) => record.kind === "bonus")));
  return returns;
}

/**
 * What each bet row returns, in the order given. Every row of the round must be there once (the
 * main bets of a seat may be several rows: they share its return by stake; bets behind it are
 * rows of their own); a row the round does not know is refused, as is a seat's main stake that
 * is not the one dealt, or a bet behind a seat that was not dealt in (it is refunded as betting
 * closes).
 */
export function settleRows(round: JokerBlackjackRound, bets: readonly LiveBet[]): number[] {
  if (!round.dealt) throw new RangeError(`round ${round.number} is still being dealt`);
  const bettors = round.bettors ?? [];
  const out = new Array<number>(bets.length).fill(0);
  for (const bettor of bettors) {
    const returns = seatReturns(round, bettor.seat, bettor.stake);
    const mains: number[] = [];
    bets.forEach((bet, index) => {
      if (bet.seat !== bettor.seat) return;
      if (bet.bet === "behind")
        out[index] = behindReturn(bet.amount, bet.seat, round.settlements, round.dealer);
      else if (bet.bet === "main") mains.push(index);
      else if (returns.has(bet.bet)) {
        out[index] = returns.get(bet.bet)!;
        returns.delete(bet.bet);
      } else throw new RangeError(`seat ${bettor.seat}: no ${bet.bet} stake in this round`);
    });
    const staked = mains.reduce((sum, index) => sum + bets[index]!.amount, 0);
    if (staked !== bettor.stake) {
      throw new RangeError(
        `seat ${bettor.seat}: main bets of ${staked} units, but ${bettor.stake} were dealt`,
      );
    }
    const main = returns.get("main")!;
    returns.delete("main");
    // A cancelled stake may have been refunded when the operator cancelled it.
    for (const row of round.stakes) {
      if (row.cancelled && row.seat === bettor.seat) returns.delete(row.bet);
    }
    if (returns.size > 0) {
      throw new RangeError(`seat ${bettor.seat}: no row for ${[...returns.keys()].join(", ")}`);
    }
    const shares = spread(
      main,
      mains.map((index) => bets[index]!.amount),
    );
    mains.forEach((index, k) => (out[index] = shares[k]!));
  }
  bets.forEach((bet) => {
    if (!bettors.some((bettor) => bettor.seat === bet.seat)) {
      throw new RangeError(`${bet.bet} on seat ${String(bet.seat)}: the seat was not dealt in`);
    }
  });
  return out;
}

/**
 * What one unit of each bet came back as on each seat dealt in (the partners' feed): a seat's
 * `main`, what its main bets returned over its stake (a double's or a split's own rows left
 * out), and `behind`, what a bet behind it returns per unit. A seat nobody played has neither.
 * The round is dealt: the definition checks (`dealt`).
 */
export function unitReturns(round: JokerBlackjackRound): UnitReturn[] {
  return (round.bettors ?? []).flatMap(({ seat, stake }) => [
    { bet: "main", seat, returnPerUnit: seatReturns(round, seat, stake).get("main")! / stake },
    {
      bet: "behind",
      seat,
      returnPerUnit: behindReturn(stake, seat, round.settlements, round.dealer) / stake,
    },
  ]);
}
