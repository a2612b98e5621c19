/**
 * The movements the games and the operators make, each as a request builder (validates, derives
 * the transfer id from the cause; for batching with `transferMany`) and a function that posts
 * it. Ids derived from the cause make a retry after a crash the same transfer, never a second.
 */
import { account } from "./accounts";
import type { LedgerClient } from "./accounts";
import { transfer } from "./transfer";
import type { Leg, Transfer, TransferRequest } from "./transfer";
import { badInput, checkAmount, checkText, MAX_REASON_LENGTH } from "./validate";

/** A new player's starting balance: 10,000 points. */
export const STARTING_GRANT = 1_000_000;

const gameFields = { wallet: "playerId", in_play: "roundId" } as const;

export interface ReserveInput {
  playerId: string;
  roundId: string;
  /** The bet the stake is for; with the round, it makes the transfer id. */
  betId: string;
  amount: number;
}

/** A bet's stake leaves the wallet for the player's stake in play in the round. */
export function reserveRequest(input: ReserveInput): TransferRequest {
  const playerId = checkText(input.playerId, "playerId");
  const roundId = checkText(input.roundId, "roundId");
  const betId = checkText(input.betId, "betId");
  const amount = checkAmount(input.amount, "amount");
  return {
    id: `reserve/${roundId}/${betId}`,
    kind: "reserve",
    roundId,
    betId,
    legs: [{ from: account.wallet(playerId), to: account.inPlay(playerId, roundId), amount }],
    accountFields: gameFields,
  };
}

export interface SettleInput {
  playerId: string;
  roundId: string;
  /** The bet settled; with the round, it makes the transfer id. */
  betId: string;
  /** Stake given back (a win's stake, a push). */
  returned: number;
  /** Stake the house keeps. */
  lost: number;
  /** Winnings the house pays on top of the stake returned. */
  won: number;
}

/**
 * A bet's outcome: what is returned goes from stake in play to the wallet, what is lost to the
 * house, and winnings from the house to the wallet. Zero parts are left out.
 */
export function settleRequest(input: SettleInput): TransferRequest {
  const playerId = checkText(input.playerId, "playerId");
  const roundId = checkText(input.roundId, "roundId");
  const betId = checkText(input.betId, "betId");
  const inPlay = account.inPlay(playerId, roundId);
  const wallet = account.wallet(playerId);
  const legs: Leg[] = [
    { from: inPlay, to: wallet, amount: checkAmount(input.returned, "returned", "non-negative") },
    { from: inPlay, to: account.house, amount: checkAmount(input.lost, "lost", "non-negative") },
    { from: account.house, to: wallet, amount: checkAmount(input.won, "won", "non-negative") },
  ].filter((leg) => leg.amount > 0);
  if (legs.length === 0) {
    throw badInput(
      "returned",
      "INVALID_VALUE",
      "returned, lost and won cannot all be 0",
      input.returned,
    );
  }
  return {
    id: `settle/${roundId}/${betId}`,
    kind: "settle",
    roundId,
    betId,
    legs,
    accountFields: gameFields,
  };
}

export interface RefundInput {
  playerId: string;
  roundId: string;
  betId: string;
  amount: number;
}

/** A bet's stake goes back to the wallet untouched (a bet undone, a round cancelled). */
export function refundRequest(input: RefundInput): TransferRequest {
  const playerId = checkText(input.playerId, "playerId");
  const roundId = checkText(input.roundId, "roundId");
  const betId = checkText(input.betId, "betId");
  const amount = checkAmount(input.amount, "amount");
  return {
    id: `refund/${roundId}/${betId}`,
    kind: "refund",
    roundId,
    betId,
    legs: [{ from: account.inPlay(playerId, roundId), to: account.wallet(playerId), amount }],
    accountFields: gameFields,
  };
}

export interface AdjustInput {
  /** The operator's request id (one per form submission): the transfer id is made from it. */
  requestId: string;
  playerId: string;
  operatorId: string;
  /** Signed: positive credits the wallet from the house, negative debits it to the house. */
  amount: number;
  reason: string;
}

/** An operator's correction of a wallet, recorded with who made it and why. */
export function adjustRequest(input: AdjustInput): TransferRequest {
  const requestId = checkText(input.requestId, "requestId");
  const playerId = checkText(input.playerId, "playerId");
  const operatorId = checkText(input.operatorId, "operatorId");
  const amount = checkAmount(input.amount, "amount", "non-zero");
  const reason = checkText(input.reason, "reason", MAX_REASON_LENGTH);
  const wallet = account.wallet(playerId);
  return {
    id: `adjust/${requestId}`,
    kind: "adjust",
    operatorId,
    reason,
    legs: [
      amount > 0
        ? { from: account.house, to: wallet, amount }
        : { from: wallet, to: account.house, amount: -amount },
    ],
    accountFields: { wallet: "playerId" },
  };
}

export interface GrantInput {
  playerId: string;
  /** Defaults to the starting grant. */
  amount?: number;
  /** Which grant this is; the default, "welcome", is given once per player. */
  grantId?: string;
}

/** Points from the grants account to a wallet (created if new): a new player's 10,000 points. */
export function grantRequest(input: GrantInput): TransferRequest {
  const playerId = checkText(input.playerId, "playerId");
  const amount = checkAmount(input.amount ?? STARTING_GRANT, "amount");
  const grantId = checkText(input.grantId ?? "welcome", "grantId");
  return {
    id: `grant/${grantId}/${playerId}`,
    kind: "grant",
    legs: [{ from: account.grants, to: account.wallet(playerId), amount }],
  };
}

export interface CarryOverInput {
  /** The guest whose wallet is emptied. */
  fromPlayerId: string;
  /** The account the guest signed up as. */
  toPlayerId: string;
  amount: number;
}

/** A guest's points follow them to the account they sign up as: the whole wallet, once. */
export function carryOverRequest(input: CarryOverInput): TransferRequest {
  const fromPlayerId = checkText(input.fromPlayerId, "fromPlayerId");
  const toPlayerId = checkText(input.toPlayerId, "toPlayerId");
  const amount = checkAmount(input.amount, "amount");
  return {
    id: `carry_over/${fromPlayerId}`,
    kind: "carry_over",
    legs: [{ from: account.wallet(fromPlayerId), to: account.wallet(toPlayerId), amount }],
    accountFields: { wallet: "fromPlayerId" },
  };
}

/**
 * Moves a guest's whole wallet to their new account; `null` when it holds nothing. Run it in a
 * transaction: the wallet row is locked while its balance is read, so no bet slips in between.
 */
export async function carryOver(
  tx: LedgerClient,
  input: Omit<CarryOverInput, "amount">,
): Promise<Transfer | null> {
  const fromPlayerId = checkText(input.fromPlayerId, "fromPlayerId");
  const rows = await tx.$queryRaw<{ balance: bigint }[]>`
    SELECT balance FROM ledger_accounts
    WHERE kind = 'wallet' AND owner = ${fromPlayerId} AND round = ''
    FOR UPDATE`;
  const amount = Number(rows[0]?.balance ?? 0n);
  if (amount === 0) return null;
  return transfer(tx, carryOverRequest({ ...input, amount }));
}

export const reserve = async (tx: LedgerClient, input: ReserveInput): Promise<Transfer> =>
  transfer(tx, reserveRequest(input));
export const settle = async (tx: LedgerClient, input: SettleInput): Promise<Transfer> =>
  transfer(tx, settleRequest(input));
export const refund = async (tx: LedgerClient, input: RefundInput): Promise<Transfer> =>
  transfer(tx, refundRequest(input));
export const adjust = async (tx: LedgerClient, input: AdjustInput): Promise<Transfer> =>
  transfer(tx, adjustRequest(input));
export const grant = async (tx: LedgerClient, input: GrantInput): Promise<Transfer> =>
  transfer(tx, grantRequest(input));
