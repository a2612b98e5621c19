import { socketErrorCodes } from "./errors";
import { Prisma } from "./generated/prisma/client";

/** Prisma's codes for a database that cannot be reached at all, as opposed to a failing query. */
const unreachableCodes = new Set(["P1000", "P1001", "P1002", "P1003", "P1017"]);

/**
 * PostgreSQL's codes for a server that is going away (admin or crash shutdown, not accepting
 * connections yet): the query was fine, the server was not.
 */
const shutdownCodes = new Set(["57P01", "57P02", "57P03"]);

/** The driver adapter's kinds of failure that mean no connection, whatever the query. */
const unreachableKinds = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout"]);

/**
 * Whether `cause` says the database is out of reach rather than that a query is wrong. A
 * connection cut under a running query reaches us as pg's plain "Connection terminated
 * unexpectedly", not as a Prisma error.
 */
export function isDatabaseUnreachable(cause: unknown): boolean {
  if (cause instanceof Prisma.PrismaClientKnownRequestError) {
    // A server shutting down ends running queries with 57P01, which Prisma passes on as a
    // failed raw query (P2010) carrying PostgreSQL's code.
    // A raw query (P2010) on a server that cannot be reached carries only the adapter's kind.
    const driver = (
      cause.meta as
        { driverAdapterError?: { cause?: { code?: unknown; kind?: unknown } } } | undefined
    )?.driverAdapterError?.cause;
    return (
      unreachableCodes.has(cause.code) ||
      (typeof driver?.code === "string" && shutdownCodes.has(driver.code)) ||
      (typeof driver?.kind === "string" && unreachableKinds.has(driver.kind))
    );
  }
  if (!(cause instanceof Error)) return false;
  // On node-postgres directly (sqlTransaction), a refused connection is node's own error; a
  // refused "localhost" (::1 and 127.0.0.1) comes as an AggregateError of them.
  const first = cause instanceof AggregateError ? (cause.errors[0] as unknown) : cause;
  const code = (first as { code?: unknown } | null)?.code;
  if (typeof code === "string" && (shutdownCodes.has(code) || socketErrorCodes.has(code))) {
    return true;
  }
  return cause.message.startsWith("Connection terminated");
}
