/**
 * The browsers' side of the game API (`@fuda/api/relay-client`): tRPC's client typed by
 * `AppRouter` (a type import, so no server code enters a bundle), every call through the app's
 * same-origin relay (`app/api/trpc/[procedure]/route.ts`) so the session cookie stays the app's.
 * One procedure a request (`httpLink`, not batched): the relay forwards one path. Never cached:
 * a read is of now.
 */
import { createTRPCClient, httpLink, isTRPCClientError } from "@trpc/client";
import type { TRPCClientError, TRPCLink } from "@trpc/client";

import type { AppRouter } from "./root";

// Never from the browser's cache. (Object.assign: Node's own RequestInit type has no `cache`.)
const noStore = (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> =>
  fetch(input, Object.assign({}, init, { cache: "no-store" }));

/** `before`: links of the app's own in front of the request, e.g. the portal's step-up. */
export const createRelayClient = (url = "/api/trpc", before: TRPCLink<AppRouter>[] = []) =>
  createTRPCClient<AppRouter>({ links: [...before, httpLink({ url, fetch: noStore })] });

/**
 * The game API's error as the relay passes it on: tRPC's shape, our `reason` and `details`, as
 * the router's error formatter types them (none of it when the relay itself refused).
 */
export interface ApiError {
  message: string;
  data?: Partial<NonNullable<TRPCClientError<AppRouter>["data"]>>;
}

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; error?: ApiError };

/**
 * A call's answer as a value: its data, or the HTTP status and the API's error (status 0 when
 * nothing answered), so a page shows a refusal without a try.
 */
export async function answered<T>(call: Promise<T>): Promise<Answer<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    if (!isTRPCClientError<AppRouter>(error)) return { ok: false, status: 0 };
    // The API's own status, else the relay's (404 not relayed, 403 from another site, 502).
    const response = error.meta?.response;
    const status = error.data?.httpStatus ?? (response instanceof Response ? response.status : 0);
    return { ok: false, status, error: { message: error.message, data: error.data ?? undefined } };
  }
}
