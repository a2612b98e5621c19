import type { RouterOutputs } from "@fuda/api";
import { cookies } from "next/headers";

import { gameApiClient, REQUEST_TIMEOUT_MS } from "~/game-api";

export type RoundsPage = RouterOutputs["history"]["mine"];
export type RecalledRound = RoundsPage["rounds"][number];
export type WalletPage = RouterOutputs["wallet"]["history"];
export type WalletEntry = WalletPage["entries"][number];

/** Rounds and wallet entries per page: a screenful on a phone. */
const HISTORY_PAGE_SIZE = 20;
/** The API's largest page (`history.mine` and `wallet.history` allow 1–50). */
const HISTORY_MAX_PAGE = 50;

/** The page size a `?limit=` asks for, kept within what the API serves; else the default. */
export function pageSize(limit: string | string[] | undefined): number {
  const asked = Number(limit);
  return Number.isInteger(asked) && asked >= 1
    ? Math.min(asked, HISTORY_MAX_PAGE)
    : HISTORY_PAGE_SIZE;
}

/**
 * What a history page shows, read as the visitor (their session cookie): null for a visitor who
 * is not signed in, so the page can say how to get a history rather than fail.
 */
export async function loadAsPlayer<T>(
  gameApiUrl: string,
  read: (client: ReturnType<typeof gameApiClient>, signal: AbortSignal) => Promise<T>,
): Promise<T | null> {
  const cookie = (await cookies()).toString();
  if (cookie === "") return null;
  try {
    return await read(gameApiClient(gameApiUrl, cookie), AbortSignal.timeout(REQUEST_TIMEOUT_MS));
  } catch (error) {
    if ((error as { data?: { code?: unknown } }).data?.code === "UNAUTHORIZED") return null;
    throw error;
  }
}
