import { cookies } from "next/headers";

import { gameApiClient, REQUEST_TIMEOUT_MS } from "~/game-api";

/** The signed-in player as the header shows them; null for a visitor with no session. */
export interface Account {
  /** The player's id, as `tables.get` names who sits where. */
  id: string;
  name: string;
  guest: boolean;
  /** Minor units (1 point = 100). */
  balance: number;
}

/**
 * The visitor's account and wallet, read from the game API with their session cookie. An API
 * that does not answer leaves the header signed out rather than failing the page.
 */
export async function loadAccount(gameApiUrl: string): Promise<Account | null> {
  const cookie = (await cookies()).toString();
  if (cookie === "") return null;
  const client = gameApiClient(gameApiUrl, cookie);
  const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  try {
    const me = await client.account.me.query(undefined, { signal });
    if (me.actor.kind !== "player" || me.user === null) return null;
    const { balance } = await client.wallet.balance.query(undefined, { signal });
    return { id: me.user.id, name: me.user.name, guest: me.user.guest, balance };
  } catch {
    return null;
  }
}
