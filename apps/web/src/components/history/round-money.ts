import type { RecalledRound } from "~/history";

/**
 * What a round cost and brought back: stakes out, returns in (open bets return nothing yet).
 * A refunded bet (taken back with Undo, or its round cancelled or voided) staked nothing: it is
 * listed with the round's bets, not counted in what the round staked. The net counts what was
 * reserved, not only staked: a Pok Deng Player bet's deposit comes back inside its return
 * (docs/rules/pok-deng.md).
 */
export function roundMoney(round: Pick<RecalledRound, "bets">): {
  staked: number;
  returned: number;
  net: number;
} {
  const money = round.bets
    .filter((bet) => bet.status !== "refunded")
    .reduce(
      (sum, bet) => ({
        staked: sum.staked + bet.stake,
        reserved: sum.reserved + bet.reserved,
        returned: sum.returned + (bet.returned ?? 0),
      }),
      { staked: 0, reserved: 0, returned: 0 },
    );
  return { staked: money.staked, returned: money.returned, net: money.returned - money.reserved };
}
