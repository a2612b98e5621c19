/**
 * PostgreSQL could not be reached (refused, unknown host, bad credentials, missing database).
 * The message is one line naming the server and the cause, so a launcher can print it and exit.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = "DatabaseUnavailableError";

  constructor(
    readonly address: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`cannot connect to PostgreSQL at ${address} (${reason})`, options);
  }
}

/** `host:port` of a connection URL, without credentials. */
export function serverAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
  } catch {
    return "an invalid DATABASE_URL";
  }
}

/** Node's net stack's codes for a connection that could not be made or was lost. */
export const socketErrorCodes: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);

/** Connection-level failures from pg and node's net stack; anything else is a real error. */
const connectionErrorCodes = new Set([
  ...socketErrorCodes,
  "28000", // invalid_authorization_specification
  "28P01", // invalid_password
  "3D000", // invalid_catalog_name: the database does not exist
  "57P03", // cannot_connect_now: the server is starting up or shutting down
]);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if ("code" in error && typeof error.code === "string") return error.code;
  // Node reports a refused "localhost" (::1 and 127.0.0.1) as an AggregateError.
  if (error instanceof AggregateError) return codeOf(error.errors[0]);
  return undefined;
}

/**
 * The one-line error for a failed connection attempt, or `undefined` when `error` is not a
 * connection failure (a failing query must keep its own message).
 */
export function asDatabaseUnavailable(
  url: string,
  error: unknown,
): DatabaseUnavailableError | undefined {
  if (error instanceof DatabaseUnavailableError) return error;
  const code = codeOf(error);
  const isTimeout = error instanceof Error && /timeout/i.test(error.message);
  if (code === undefined ? !isTimeout : !connectionErrorCodes.has(code)) return undefined;
  const message = error instanceof Error ? error.message.split("\n")[0] : undefined;
  // System errors read best as their code; PostgreSQL errors as their message.
  const reason = code?.startsWith("E") ? code : (message ?? code ?? "unknown error");
  return new DatabaseUnavailableError(serverAddress(url), reason, { cause: error });
}
