/**
 * Statements on node-postgres directly, for the hottest paths (the bet desk's batches, the
 * session read of every request).
 * Prisma's interactive transaction and raw queries cost several times node-postgres's own CPU
 * per statement (docs/performance.md, Bet placements); the statements here are the
 * same tagged templates (`Prisma.sql`), sent with their `$n` text and values as they are.
 */
import type pg from "pg";

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

/** A transaction's client: raw queries, and the last ones sent with the COMMIT. */
export interface SqlTransactionClient extends SqlClient {
  /** A statement's count of rows changed, as Prisma's `$executeRaw` answers. */
  $executeRaw(query: TemplateStringsArray | Sql, ...values: unknown[]): Promise<number>;
  /** The rows of each `first` statement sent with BEGIN, when the transaction was given some. */
  first?: () => Promise<unknown[][]>;
  /**
   * The transaction's last statements and its COMMIT in one message (`message`): one
   * round trip for all. The rows of each; nothing may follow. A statement that fails skips the
   * rest and the COMMIT: the transaction is rolled back and its error thrown.
   */
  commitWith(statements: readonly Sql[]): Promise<unknown[][]>;
}

interface TransactionOptions {
  /** How long each statement may run, in ms (20 s by default). */
  statementTimeoutMs?: number;
  /**
   * Statements sent with BEGIN in the same message, typically the lock the body starts with and
   * the reads that must follow it: one round trip for all. The simple query protocol takes no
   * parameters: each is prepared once per connection and sent as EXECUTE with its values as
   * literals (`message`). Each still reads with a snapshot of its own, taken after the one before
   * it ended (READ COMMITTED). Their rows: `tx.first()`.
   */
  first?: readonly Sql[];
  /** The COMMIT too goes in that message: the whole transaction is `first` (`sqlTransactionOf`). */
  commit?: boolean;
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

/** An array's element as PostgreSQL's array syntax writes it: `NULL`, or double-quoted text. */
function element(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  const text = textOf(value);
  // Most elements (ids, numbers, hex) hold neither: no replace to run.
  if (!text.includes('"') && !text.includes("\\")) return `"${text}"`;
  return `"${text.replace(/[\\"]/g, "\\$&")}"`;
}

/** A scalar value as the text PostgreSQL reads for it. */
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  throw new Error(`inlined: no literal for a value of type ${typeof value}`);
}

/**
 * A value as an SQL literal: quoted, as PostgreSQL types a parameter sent as text. An array is
 * one of one dimension (`{…}`), a Buffer a bytea in hex (`\x…`).
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (Array.isArray(value)) return quoted(`{${value.map(element).join(",")}}`);
  if (Buffer.isBuffer(value)) return `'\\x${value.toString("hex")}'`;
  return quoted(textOf(value));
}

/**
 * `text` quoted as node-postgres' `escapeLiteral` quotes it (an E'' string when it holds a
 * backslash), by whole-string replaces: its loop over each character was a sixth of a step's
 * CPU on a shoe's JSON.
 */
function quoted(text: string): string {
  // A replace copies the whole text even when nothing matches: most values hold no quote.
  const doubled = text.includes("'") ? text.replaceAll("'", "''") : text;
  return text.includes("\\") ? ` E'${doubled.replaceAll("\\", "\\\\")}'` : `'${doubled}'`;
}

/**
 * `sql` with its values written in as literals, for a message of the simple query protocol: each
 * `$n` outside quotes and quoted names becomes the literal of the n-th value (`literal`).
 */
export function inlined(sql: Sql): string {
  const { values } = sql;
  // A quoted literal or name is passed over whole; a `$n` outside them is a value's place.
  return sql.text.replace(/'[^']*'|"[^"]*"|\$(\d+)/g, (match, digits: string | undefined) => {
    if (digits === undefined) return match;
    const index = Number(digits) - 1;
    if (index >= values.length) throw new Error(`inlined: no value for $${digits}`);
    return literal(values[index]);
  });
}

/**
 * A statement sent in a message of several is prepared on its connection with PREPARE, once, and
 * sent as EXECUTE with its values as literals: PostgreSQL plans it once per connection, as it
 * does the named statements of `statement`, instead of at every message. (Their names are
 * PREPARE's own: the protocol's and SQL's prepared statements share one namespace.) Past
 * `MAX_NAMED` texts, the rest are sent `inlined`.
 */
const preparedNames = new Map<string, string>();
/** The names prepared on each connection, as far as it is known. */
const preparedOn = new WeakMap<pg.ClientBase, Set<string>>();

interface Message {
  /** The PREPAREs the message starts with: their results come first. */
  prepares: string[];
  /** `statements` as the message sends them, for the caller to place among its own. */
  sent: string[];
  /** Marks the message's PREPAREs done (they are, whatever happened after them). */
  done: () => void;
}

function message(connection: pg.ClientBase, statements: readonly Sql[]): Message {
  let known = preparedOn.get(connection);
  if (known === undefined) preparedOn.set(connection, (known = new Set()));
  const prepares: string[] = [];
  const fresh: string[] = [];
  const sent = statements.map((sql) => {
    let name = preparedNames.get(sql.text);
    if (name === undefined && preparedNames.size < MAX_NAMED) {
      name = `fuda_m${preparedNames.size + 1}`;
      preparedNames.set(sql.text, name);
    }
    if (name === undefined) return inlined(sql);
    if (!known.has(name) && !fresh.includes(name)) {
      prepares.push(`PREPARE ${name} AS ${sql.text}`);
      fresh.push(name);
    }
    return sql.values.length === 0
      ? `EXECUTE ${name}`
      : `EXECUTE ${name}(${sql.values.map(literal).join(", ")})`;
  });
  return {
    prepares,
    sent,
    done: () => {
      for (const name of fresh) known.add(name);
    },
  };
}

/**
 * After a message that failed: which of its PREPAREs ran is read back from the connection, so
 * none is prepared twice (PREPARE outlives the transaction it ran in).
 */
async function relearnPrepared(connection: pg.ClientBase): Promise<void> {
  const { rows } = await connection.query<{ name: string }>(
    "SELECT name FROM pg_prepared_statements WHERE from_sql",
  );
  preparedOn.set(connection, new Set(rows.map((row) => row.name)));
}

/** The rows of each statement of a message of several (node-postgres answers one result each). */
const rowsOf = (results: unknown): unknown[][] =>
  (results as pg.QueryResult[]).map((result) => result.rows as unknown[]);

/**
 * A transaction of fixed statements in one message: BEGIN, `statements`, COMMIT, one round trip
 * (`message`); the rows of each. Each statement reads with a snapshot of its own, taken
 * after the one before it ended (READ COMMITTED), so a lock taken by one holds for the next ones'
 * reads. A statement that fails skips the rest and the COMMIT: the transaction is rolled back and
 * its error thrown. Each statement may run `statementTimeoutMs` (20 s by default).
 */
export async function sqlTransactionOf(
  db: Db,
  statements: readonly Sql[],
  { statementTimeoutMs = 20_000 }: Pick<TransactionOptions, "statementTimeoutMs"> = {},
): Promise<unknown[][]> {
  return sqlTransaction(db, async (tx) => (await tx.first!()).slice(0, statements.length), {
    statementTimeoutMs,
    first: statements,
    commit: true,
  });
}

/** The transaction itself, on `held`'s connection; `held.broken` says if it broke meanwhile. */
async function transactionOn<T>(
  held: Held,
  body: (tx: SqlTransactionClient) => Promise<T>,
  { statementTimeoutMs = 20_000, first, commit = false }: TransactionOptions,
): Promise<T> {
  const connection = held.client;
  // A connection the server drops mid-transaction reports it to the running query and also as
  // an event; the event alone must not end the process.
  const heard = (error: Error) => (held.broken ??= error);
  connection.on("error", heard);
  let committed: Promise<unknown> | undefined;
  // A message with PREPAREs that fails: which of them ran is read back after the rollback.
  let relearn = false;
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
    const opening = message(connection, first ?? []);
    if (opening.prepares.length > 0) relearn = true;
    const begun = connection.query(
      [
        ...opening.prepares,
        "BEGIN",
        `SET LOCAL statement_timeout = ${Math.max(1, Math.floor(statementTimeoutMs))}`,
        ...opening.sent,
        ...(commit ? ["COMMIT"] : []),
      ].join(";\n"),
    );
    begun.catch(() => undefined);
    if (commit) committed = begun;
    // Several statements in one message answer with one result each, the PREPAREs', BEGIN's
    // and SET's first.
    const firstRows = () =>
      begun.then((results) => {
        opening.done();
        return rowsOf(results).slice(opening.prepares.length + 2);
      });
    const result = await body({
      ...(first === undefined ? {} : { first: firstRows }),
      $queryRaw: (query, ...values) => run(query, values),
      $executeRaw: async (query, ...values) => (await send(query, values)).rowCount ?? 0,
      async commitWith(statements) {
        if (committed !== undefined)
          throw new Error("sqlTransaction: a statement after the commit");
        const last = message(connection, statements);
        if (last.prepares.length > 0) relearn = true;
        committed = connection.query([...last.prepares, ...last.sent, "COMMIT"].join(";\n"));
        const rows = rowsOf(await committed);
        last.done();
        return rows.slice(last.prepares.length, last.prepares.length + statements.length);
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
    if (relearn && held.broken === undefined) {
      await relearnPrepared(connection).catch((failure: unknown) => {
        held.broken ??= failure instanceof Error ? failure : new Error(String(failure));
      });
    }
    throw error;
  } finally {
    connection.removeListener("error", heard);
  }
}
