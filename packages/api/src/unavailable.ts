/** How callers learn that part of the platform is down, shared by the API and its clients. */

/** What a 503's `Retry-After` says: how many seconds until a retry may find the database back. */
export const RETRY_AFTER_SECONDS = 5;

/** Which part is down: the game API itself, or the database behind an API that answers. */
export type DownPart = "game-api" | "database";

/**
 * Which part a failed call to the game API points at: it answers SERVICE_UNAVAILABLE only for
 * its database; any other failure (no answer, a timeout) is the API's own.
 */
export function whatIsDown(error: unknown): { down: DownPart; reason: string } {
  const reason = error instanceof Error ? error.message : String(error);
  const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
  return { down: code === "SERVICE_UNAVAILABLE" ? "database" : "game-api", reason };
}
