/**
 * Statements on node-postgres directly, for the hottest paths (the bet desk's batches, the
 * session read of every request).
 * Prisma's interactive transaction and raw queries cost several times node-postgres's own CPU
 * per statement (docs/live-tables.md, Benchmark: bet placements); the statements here are the
 * same tagged templates (`Prisma.sql`), sent with their `$n` text and values as they are.
 */
import { poolOf } from "./client";
import type { Db } from "./client";
import { Prisma } from "./generated/prisma/client";

type Sql = Prisma.Sql;

/** What a body needs of a transaction: raw queries, as Prisma's transaction client offers them. */
export interface SqlClient {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Sql, ...values: unknown[]): Promise<T>;
}

const toSql = (query: TemplateStringsArray | Sql, values: unknown[]): Sql =>
  Array.isArray(query) ? Prisma.sql(query as TemplateStringsArray, ...values) : (query as Sql);

/** Statements on `db`'s pool outside a transaction: each on whichever connection is free. */
export function sqlClient(db: Db): SqlClient {
  const pool = poolOf(db);
  return {
    async $queryRaw<R>(query: TemplateStringsArray | Sql, ...values: unknown[]) {
      const sql = toSql(query, values);
      return (await pool.query(sql.text, sql.values)).rows as R;
    },
  };
}

/**
 * Runs `body` in one transaction on a connection of `db`'s pool: BEGIN, the body's statements,
 * COMMIT; ROLLBACK when it throws (and the error is the body's). A connection that failed is
 * closed rather than returned to the pool.
 */
export async function sqlTransaction<T>(db: Db, body: (tx: SqlClient) => Promise<T>): Promise<T> {
  const connection = await poolOf(db).connect();
  // A connection the server drops mid-transaction reports it to the running query and also as
  // an event; the event alone must not end the process.
  const ignore = () => undefined;
  connection.on("error", ignore);
  let broken: Error | undefined;
  try {
    await connection.query("BEGIN");
    const value = await body({
      async $queryRaw<R>(query: TemplateStringsArray | Sql, ...values: unknown[]) {
        const sql = toSql(query, values);
        return (await connection.query(sql.text, sql.values)).rows as R;
      },
    });
    await connection.query("COMMIT");
    return value;
  } catch (error) {
    // After a failed COMMIT there is nothing to roll back, and PostgreSQL only warns. A
    // ROLLBACK that fails means the connection itself is gone: it leaves the pool.
    await connection.query("ROLLBACK").catch((failure: unknown) => {
      broken = failure instanceof Error ? failure : new Error(String(failure));
    });
    throw error;
  } finally {
    connection.removeListener("error", ignore);
    connection.release(broken);
  }
}
