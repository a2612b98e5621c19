"use client";

import { createContext, useCallback, useContext, useMemo, useState } from "react";
import type { ReactNode } from "react";

import type { Account } from "~/account";

interface AccountState {
  account: Account | null;
  /** A balance the game API announced (a settlement's private event, a placement's answer). */
  setBalance: (balance: number) => void;
  /** Reads the wallet again, e.g. after a round settled without a balance in its event. */
  refreshBalance: () => Promise<void>;
}

const AccountContext = createContext<AccountState>({
  account: null,
  setBalance: () => undefined,
  refreshBalance: () => Promise.resolve(),
});

/** `wallet.balance` through the same-origin relay; undefined when it cannot be read. */
async function readBalance(): Promise<number | undefined> {
  // Loaded when first read: every page has this context, and the lobby's first-load budget
  // (test/bundle-budget.e2e.test.ts) has no room for tRPC's client.
  const { answered, relayApi } = await import("../relay-api");
  const wallet = await answered(relayApi.wallet.balance.query());
  return wallet.ok ? wallet.data.balance : undefined;
}

/** The signed-in player (server-rendered) and their balance, kept current by the pages. */
export function AccountProvider({
  initial,
  children,
}: {
  initial: Account | null;
  children: ReactNode;
}) {
  const [account, setAccount] = useState(initial);
  const setBalance = useCallback((balance: number) => {
    setAccount((current) => (current === null ? null : { ...current, balance }));
  }, []);
  const refreshBalance = useCallback(async () => {
    const balance = await readBalance();
    if (balance !== undefined) setBalance(balance);
  }, [setBalance]);
  const value = useMemo(
    () => ({ account, setBalance, refreshBalance }),
    [account, setBalance, refreshBalance],
  );
  return <AccountContext value={value}>{children}</AccountContext>;
}

export const useAccount = (): AccountState => useContext(AccountContext);
