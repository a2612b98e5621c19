export { account, walletOf } from "./accounts";
export type { AccountKind, AccountRef, LedgerClient } from "./accounts";
export {
  adjust,
  adjustRequest,
  carryOver,
  carryOverRequest,
  grant,
  grantRequest,
  refund,
  refundRequest,
  reserve,
  reserveRequest,
  settle,
  settleRequest,
  STARTING_GRANT,
} from "./operations";
export type {
  AdjustInput,
  CarryOverInput,
  GrantInput,
  RefundInput,
  ReserveInput,
  SettleInput,
} from "./operations";
export { balance, checkBooks, history, HISTORY_MAX_LIMIT } from "./queries";
export type { AccountDifference, Books, HistoryEntry, HistoryPage } from "./queries";
export { prepareTransfers, transfer, transferMany } from "./transfer";
export type {
  Entry,
  Leg,
  Transfer,
  TransferKind,
  TransferOutcome,
  TransferRequest,
} from "./transfer";
export { MAX_ID_LENGTH, MAX_REASON_LENGTH } from "./validate";
export { walletBalanceOutput, walletHistoryInput, walletHistoryOutput } from "./wallet.types";
export type { WalletHistoryInput } from "./wallet.types";
