/**
 * The portal's browser side of the game API: every call goes through the same-origin relay
 * (`app/api/trpc/[procedure]/route.ts`), so the operator's session cookie stays this app's.
 * Type the answer with `RouterOutputs` from `@fuda/api`, e.g.
 * `queryProcedure<RouterOutputs["admin"]["tables"]["list"]>("admin.tables.list", undefined)`.
 */

/** The game API's error as the relay passes it on (tRPC's shape, our `reason` and `details`). */
export interface ApiError {
  message?: string;
  data?: { reason?: string; details?: { field?: string; rule?: string }; httpStatus?: number };
}

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; error?: ApiError };

/** A query (`admin.rounds.search`…): GET with the input in the query string. */
export function queryProcedure<T>(procedure: string, input: unknown): Promise<Answer<T>> {
  const search = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return call<T>(`/api/trpc/${procedure}${search}`, { method: "GET" });
}

/** A mutation (`admin.tables.pause`…): POST with the input as the JSON body. */
export function mutateProcedure<T>(procedure: string, input: unknown): Promise<Answer<T>> {
  return call<T>(`/api/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input ?? null),
  });
}

/** The message to show for a failed call: the API's own (it names the field and the rule). */
export function problemOf(answer: { ok: false; status: number; error?: ApiError }): string {
  if (answer.status === 0) return "The game API did not answer; try again.";
  return answer.error?.message ?? `Request failed (${answer.status}).`;
}

async function call<T>(url: string, init: RequestInit): Promise<Answer<T>> {
  try {
    const response = await fetch(url, init);
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
