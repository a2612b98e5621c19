/**
 * Statements on node-postgres directly, for the hottest paths (the bet desk's batches, the
 * session read of every request).
 * Prisma's interactive transaction and raw queries cost several times node-postgres's own CPU
 * per statement (docs/performance.md, Bet placements); the statements here are the
 * same tagged templates (`Prisma.sql`), sent with their `$n` text and values as they are.
 */
import pg from "pg";

import { poolOf } from "./client";
import type { Db } from "./client";
import { Prisma } from "./generated/prisma/client";

type Sql = Prisma.Sql;

const { escapeLiteral } = pg;

/** What a body needs of a transaction: raw queries, as Prisma's transaction client offers them. */
export interface SqlClient {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Sql, ...values: unknown[]): Promise<T>;
}

const toSql = (query: TemplateStringsArray | Sql, values: unknown[]): Sql =>
  Array.isArray(query) ? Prisma.sql(query as TemplateStringsArray, ...values) : (query as Sql);

/**
 * Each statement text sent here has a name, so PostgreSQL parses and plans it once per
 * connection (a prepared statement) instead of on every call: the session read's planning took
 * four times its execution (docs/performance.md, Bet placements). The hot paths send
 * a few fixed texts; past `MAX_NAMED` distinct texts (a caller building texts of many shapes),
 * the rest go unnamed rather than pile up on every connection.
 */
const MAX_NAMED = 64;
const names = new Map<string, string>();

function statement(sql: Sql): pg.QueryConfig {
  let name = names.get(sql.text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `fuda_${names.size + 1}`;
    names.set(sql.text, name);
  }
  return { name, text: sql.text, values: sql.values };
}

/** Statements on `db`'s pool outside a transaction: each on whichever connection is free. */
export function sqlClient(db: Db): SqlClient {
  const pool = poolOf(db);
  return {
    async $queryRaw<R>(query: TemplateStringsArray | Sql, ...values: unknown[]) {
      const sql = toSql(query, values);
      return (await pool.query(statement(sql))).rows as R;
    },
  };
}

/** A transaction's client: raw queries, and a last one with the COMMIT sent right behind it. */
export interface SqlTransactionClient extends SqlClient {
  /** A statement's count of rows changed, as Prisma's `$executeRaw` answers. */
  $executeRaw(query: TemplateStringsArray | Sql, ...values: unknown[]): Promise<number>;
  /**
   * The transaction's last statement, with COMMIT queued behind it: node-postgres sends the
   * COMMIT the moment the statement's answer arrives, before Node gets to read it, so the locks
   * the transaction holds are released one round trip sooner. If the statement fails, that
   * COMMIT ends the transaction as a rollback (PostgreSQL's answer to COMMIT in a failed
   * transaction) and the statement's error is thrown. Nothing may follow it.
   */
  $queryRawThenCommit<T = unknown>(
    query: TemplateStringsArray | Sql,
    ...values: unknown[]
  ): Promise<T>;
  /** The rows of each `first` statement sent with BEGIN, when the transaction was given some. */
  first?: () => Promise<unknown[][]>;
}

interface TransactionOptions {
  /** How long each statement may run, in ms (20 s by default). */
  statementTimeoutMs?: number;
  /**
   * Statements sent with BEGIN in the same message, typically the lock the body starts with and
   * the reads that must follow it: one round trip for all. The simple query protocol takes no
   * parameters, so their values are written in as literals (`inlined`); each statement still
   * reads with a snapshot of its own, taken after the one before it ended (READ COMMITTED).
   * Their rows: `tx.first()`.
   */
  first?: readonly Sql[];
}

/**
 * Runs `body` in one transaction on a connection of `db`'s pool: BEGIN, the body's statements,
 * COMMIT; ROLLBACK when it throws (and the error is the body's). BEGIN is queued with the first
 * statement rather than awaited on its own. Each statement may run `statementTimeoutMs` (20 s
 * by default). A connection that failed is closed rather than returned to the pool.
 */
export async function sqlTransaction<T>(
  db: Db,
  body: (tx: SqlTransactionClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const held: Held = { client: await poolOf(db).connect() };
  try {
    return await transactionOn(held, body, options);
  } finally {
    held.client.release(held.broken);
  }
}

/** A connection of the pool, and what broke it if something did: closed then, not reused. */
interface Held {
  client: pg.PoolClient;
  broken?: Error;
}

/** Transactions one after another on a connection kept between them: {@link keptConnection}. */
export interface KeptConnection {
  transaction<T>(
    body: (tx: SqlTransactionClient) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T>;
  /** Gives the connection back to the pool, once the transaction running (if any) has ended. */
  release(): void;
}

/**
 * One connection of `db`'s pool kept for a caller's transactions (the bet desk's batches, one
 * at a time): the next transaction writes its BEGIN the moment it is asked for. The pool hands
 * a connection out on a later tick, behind every microtask queued meanwhile: behind the
 * answers to the previous batch's callers, each writing its response. A transaction asked for
 * while another runs on the kept connection takes one of the pool as `sqlTransaction` does. A
 * connection that failed, or that the server dropped while kept, is closed and the next
 * transaction takes a new one.
 */
export function keptConnection(db: Db): KeptConnection {
  const pool = poolOf(db);
  let held: Held | undefined;
  let busy = false;
  let released = false;
  // The server dropping the kept connection between transactions (a restart, an outage).
  const onError = (error: Error) => {
    if (held !== undefined) held.broken ??= error;
  };

  const available = () => !busy && !released;
  const giveBack = () => {
    if (held === undefined) return;
    held.client.removeListener("error", onError);
    held.client.release(held.broken);
    held = undefined;
  };

  return {
    async transaction(body, options = {}) {
      if (!available()) return sqlTransaction(db, body, options);
      busy = true;
      try {
        if (held?.broken !== undefined) giveBack();
        if (held === undefined) {
          held = { client: await pool.connect() };
          held.client.on("error", onError);
        }
        return await transactionOn(held, body, options);
      } finally {
        busy = false;
        if (held?.broken !== undefined || released) giveBack();
      }
    },
    release() {
      released = true;
      if (!busy) giveBack();
    },
  };
}

/** A value as an SQL literal: quoted, as PostgreSQL types a parameter sent as text. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "string") return escapeLiteral(value);
  if (typeof value === "number" && Number.isFinite(value)) return `'${value}'`;
  if (typeof value === "bigint" || typeof value === "boolean") return `'${value}'`;
  if (value instanceof Date) return `'${value.toISOString()}'`;
  throw new Error(`inlined: no literal for a value of type ${typeof value}`);
}

/**
 * `sql` with its values written in as literals, for a message of the simple query protocol: each
 * `$n` outside quotes and quoted names becomes the literal of the n-th value (`literal`).
 */
export function inlined(sql: Sql): string {
  const { text, values } = sql;
  let out = "";
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
      out += c;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    const digits = c === "$" ? /^\d+/.exec(text.slice(i + 1)) : null;
    if (digits === null) {
      out += c;
      continue;
    }
    const index = Number(digits[0]) - 1;
    if (index >= values.length) throw new Error(`inlined: no value for $${digits[0]}`);
    out += literal(values[index]);
    i += digits[0].length;
  }
  return out;
}

/** The transaction itself, on `held`'s connection; `held.broken` says if it broke meanwhile. */
async function transactionOn<T>(
  held: Held,
  body: (tx: SqlTransactionClient) => Promise<T>,
  { statementTimeoutMs = 20_000, first }: TransactionOptions,
): Promise<T> {
  const connection = held.client;
  // A connection the server drops mid-transaction reports it to the running query and also as
  // an event; the event alone must not end the process.
  const heard = (error: Error) => (held.broken ??= error);
  connection.on("error", heard);
  let committed: Promise<unknown> | undefined;
  const send = (query: TemplateStringsArray | Sql, values: unknown[]) => {
    if (committed !== undefined) throw new Error("sqlTransaction: a statement after the commit");
    return connection.query(statement(toSql(query, values)));
  };
  const run = async <R>(query: TemplateStringsArray | Sql, values: unknown[]): Promise<R> =>
    (await send(query, values)).rows as R;
  try {
    // Queued: node-postgres sends the body's first statement as soon as BEGIN is answered. Its
    // failure (a lost connection) fails that statement too; the rejection is read below.
    // A statement that waits longer (a lock held by a stuck session) fails instead of holding
    // every caller queued behind it, as Prisma's transaction timeout did.
    const begun = connection.query(
      [
        "BEGIN",
        `SET LOCAL statement_timeout = ${Math.max(1, Math.floor(statementTimeoutMs))}`,
        ...(first ?? []).map(inlined),
      ].join(";\n"),
    );
    begun.catch(() => undefined);
    // Several statements in one message answer with one result each, BEGIN's and SET's first.
    const firstRows = () =>
      begun.then((results) =>
        (results as unknown as pg.QueryResult[]).slice(2).map((result) => result.rows as unknown[]),
      );
    const result = await body({
      ...(first === undefined ? {} : { first: firstRows }),
      $queryRaw: (query, ...values) => run(query, values),
      $executeRaw: async (query, ...values) => (await send(query, values)).rowCount ?? 0,
      async $queryRawThenCommit<R>(query: TemplateStringsArray | Sql, ...values: unknown[]) {
        const rows = run<R>(query, values);
        committed = connection.query("COMMIT");
        committed.catch(() => undefined);
        return rows;
      },
    });
    await begun;
    await (committed ?? connection.query("COMMIT"));
    return result;
  } catch (error) {
    // After a failed COMMIT, or one sent behind a failed statement, there is nothing to roll
    // back and PostgreSQL only warns. A ROLLBACK that fails means the connection itself is
    // gone: it leaves the pool.
    await connection.query("ROLLBACK").catch((failure: unknown) => {
      held.broken ??= failure instanceof Error ? failure : new Error(String(failure));
    });
    throw error;
  } finally {
    connection.removeListener("error", heard);
  }
}
