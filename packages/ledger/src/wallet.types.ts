/**
 * Input and output schemas for the wallet procedures (`wallet.balance`, `wallet.history`), for
 * the API to use as they are. The player is always the caller, never an input.
 */
import { z } from "zod";

import { HISTORY_MAX_LIMIT } from "./queries";

export const walletBalanceOutput = z.object({
  /** Minor units (1 point = 100). */
  balance: z.number().int(),
});

export const walletHistoryInput = z.object({
  /** The `nextCursor` of the previous page; absent for the newest entries. */
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,18}$/, "an entry id from a previous page")
    .nullish(),
  limit: z.number().int().min(1).max(HISTORY_MAX_LIMIT).default(20),
});

export const walletHistoryOutput = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      transferId: z.string(),
      kind: z.enum(["grant", "reserve", "settle", "refund", "adjust", "carry_over"]),
      roundId: z.string().nullable(),
      betId: z.string().nullable(),
      reason: z.string().nullable(),
      amount: z.number().int(),
      balanceBefore: z.number().int(),
      balanceAfter: z.number().int(),
      createdAt: z.date(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export type WalletHistoryInput = z.infer<typeof walletHistoryInput>;
