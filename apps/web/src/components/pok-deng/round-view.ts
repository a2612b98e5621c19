import { ownReturnsOf, pokDengOutcomeSchema } from "@fuda/contracts";
import type { PokDengOutcome } from "@fuda/contracts";
import { pokDeng } from "@fuda/rules";

import type { SlipBet } from "~/components/table";
import type { TableEvent } from "~/table-stream";

// What the Pok Deng table reads of its slip and of the round's events, as plain functions.

export type BetId = pokDeng.PokDengBetId;

/** A seat's line of the public outcome (packages/rules pok-deng `PokDengOutcome`). */
export type SeatOutcome = PokDengOutcome["seats"][number];

/** What the player's own bets on one spot staked and got back (their settlement event). */
export interface OwnSeatResult {
  stake: number;
  returned: number;
}

/** The player's stakes by spot, added up: `seat@3` → 200. */
export const spotKey = (bet: BetId, seat: number) => `${bet}@${seat}`;
export function stakesBySpot(bets: readonly SlipBet[]): Map<string, number> {
  const spots = new Map<string, number>();
  for (const { bet, seat, amount } of bets) {
    const key = spotKey(bet as BetId, seat ?? 0);
    spots.set(key, (spots.get(key) ?? 0) + amount);
  }
  return spots;
}

/** What a slip takes from the balance until it settles, deposits included (the rules' own). */
export function reservation(bets: readonly SlipBet[]): { stakes: number; deposits: number } {
  return bets.reduce(
    (sum, { bet, amount }) => {
      const spec = { id: bet as BetId, stake: amount };
      return {
        stakes: sum.stakes + amount,
        deposits: sum.deposits + pokDeng.depositFor(spec),
      };
    },
    { stakes: 0, deposits: 0 },
  );
}

/** The public outcome's seats (packages/rules pok-deng `PokDengOutcome`), or none yet. */
export function seatOutcomes(outcome: unknown): Map<number, SeatOutcome> {
  const parsed = pokDengOutcomeSchema.safeParse(outcome);
  return new Map(parsed.success ? parsed.data.seats.map((seat) => [seat.seat, seat]) : []);
}

/** The player's own settlement event: what each of their bets returned, by spot. */
export function ownResults(event: TableEvent): Map<string, OwnSeatResult> {
  const results = new Map<string, OwnSeatResult>();
  for (const { bet, seat, amount, returned } of ownReturnsOf(event)?.bets ?? []) {
    if ((bet !== "seat" && bet !== "seatPair") || seat === null) continue;
    const key = spotKey(bet, seat);
    const held = results.get(key) ?? { stake: 0, returned: 0 };
    results.set(key, { stake: held.stake + amount, returned: held.returned + returned });
  }
  return results;
}
