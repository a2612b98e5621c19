/** The game API's error as the relay passes it on (tRPC's shape, our `reason` and `details`). */
export interface ApiError {
  message?: string;
  data?: { reason?: string; details?: { field?: string; rule?: string }; httpStatus?: number };
}

export type Posted<T> = { ok: true; data: T } | { ok: false; status: number; error?: ApiError };

/**
 * One of the player's writes (`bets.place`, `seats.sit`, `actions.act`…) through the same-origin
 * relay, its input as the JSON body: the answer's data, or the status and the API's error (status
 * 0 when nothing answered).
 */
export async function postProcedure<T>(procedure: string, input: unknown): Promise<Posted<T>> {
  try {
    const response = await fetch(`/api/trpc/${procedure}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
    });
    const body = (await response.json().catch(() => ({}))) as {
      result?: { data: T };
      error?: ApiError;
    };
    if (response.ok && body.result !== undefined) return { ok: true, data: body.result.data };
    return { ok: false, status: response.status, error: body.error };
  } catch {
    return { ok: false, status: 0 };
  }
}

/**
 * One of the player's reads (`tables.get`, `bets.mine`…) through the same-origin relay, never
 * cached: its data, or null when it cannot be read now.
 */
export async function readProcedure<T>(
  procedure: string,
  input: unknown,
  signal?: AbortSignal,
): Promise<T | null> {
  try {
    const query = encodeURIComponent(JSON.stringify(input));
    const response = await fetch(`/api/trpc/${procedure}?input=${query}`, {
      cache: "no-store",
      signal,
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { result?: { data?: T } };
    return body.result?.data ?? null;
  } catch {
    return null;
  }
}
