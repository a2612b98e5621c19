import type { AppRouter, RouterOutputs } from "@fuda/api";
import { createTRPCClient, httpBatchLink } from "@trpc/client";

import type { DownPart } from "@fuda/api/types";
import { whatIsDown } from "@fuda/api/types";

export type TableConfig = RouterOutputs["tables"]["list"][number];
export type Game = TableConfig["game"];
export type Limit = TableConfig["limits"][string];
export type Health = RouterOutputs["health"];

export type Overview =
  | { available: true; health: Health; tables: TableConfig[] }
  | { available: false; down: DownPart; reason: string };

// An operator needs to see "down" quickly rather than a page that never loads.
const REQUEST_TIMEOUT_MS = 5_000;

/** Health and every table in one batched HTTP request to the game API. */
export async function loadOverview(gameApiUrl: string): Promise<Overview> {
  const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: gameApiUrl })] });
  const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  try {
    const [health, tables] = await Promise.all([
      client.health.query(undefined, { signal }),
      client.tables.list.query(undefined, { signal }),
    ]);
    return { available: true, health, tables };
  } catch (error) {
    return { available: false, ...whatIsDown(error) };
  }
}
