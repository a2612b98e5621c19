"use client";

import { createContext, useContext, useEffect, useMemo, useState } from "react";
import type { ReactNode } from "react";

import type { Account } from "~/account";
import { balanceOrder } from "../balance-order";

interface AccountState {
  /** Null for a visitor with no session, and until `loaded`. */
  account: Account | null;
  /** Whether the account was read: until then a page shows neither the player nor the ways in. */
  loaded: boolean;
  /**
   * A balance the game API announced: a settlement's private event, or (with `since`, the
   * `balanceMark()` taken as the request left) a request's answer, shown only if nothing newer
   * came meanwhile (balance-order.ts).
   */
  setBalance: (balance: number, since?: number) => void;
  /** Taken as a request that answers with a balance leaves. */
  balanceMark: () => number;
  /** Reads the wallet again, e.g. after a round settled without a balance in its event. */
  refreshBalance: () => Promise<void>;
}

const AccountContext = createContext<AccountState>({
  account: null,
  loaded: false,
  setBalance: () => undefined,
  balanceMark: () => 0,
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

/** The visitor's account from the app's server (`/api/account`); undefined when it did not answer. */
async function readAccount(): Promise<Account | null | undefined> {
  try {
    const response = await fetch("/api/account", { cache: "no-store" });
    if (!response.ok) return undefined;
    return ((await response.json()) as { account: Account | null }).account;
  } catch {
    return undefined;
  }
}

/**
 * The signed-in player and their balance, kept current by the pages. Rendered by the server for a
 * visitor's own page; read by the browser on a kept page, the same for every visitor of a language
 * (docs/performance.md, Pages). A sign-in or sign-out reloads the page, and so reads it again.
 */
export function AccountProvider({
  initial,
  children,
}: {
  /** The account the server read with the visitor's cookie; undefined: the browser reads it. */
  initial: Account | null | undefined;
  children: ReactNode;
}) {
  const [state, setState] = useState<{ account: Account | null; loaded: boolean }>({
    account: initial ?? null,
    loaded: initial !== undefined,
  });
  const read = !state.loaded;
  useEffect(() => {
    if (!read) return;
    let live = true;
    void readAccount().then((account) => {
      // An app server that did not answer leaves the header signed out rather than waiting.
      if (live) setState({ account: account ?? null, loaded: true });
    });
    return () => {
      live = false;
    };
  }, [read]);
  // Stable for the page's life: `setState` is, and the order is the page's.
  const writers = useMemo(() => {
    const order = balanceOrder();
    const setBalance = (balance: number, since?: number): void => {
      if (!order.accept(since)) {
        void refreshBalance();
        return;
      }
      setState((current) =>
        current.account === null
          ? current
          : { ...current, account: { ...current.account, balance } },
      );
    };
    const refreshBalance = async (): Promise<void> => {
      const since = order.mark();
      const balance = await readBalance();
      // Another balance shown during the read may be newer or older than this one: read again.
      if (balance !== undefined) setBalance(balance, since);
    };
    return { setBalance, refreshBalance, balanceMark: () => order.mark() };
  }, []);
  const value = useMemo(() => ({ ...state, ...writers }), [state, writers]);
  return <AccountContext value={value}>{children}</AccountContext>;
}

export const useAccount = (): AccountState => useContext(AccountContext);
