/**
 * Keyset pages of an operators' search in the order the operator chose (admin.rounds.search,
 * admin.players.search): the order is one of a search's named sort keys, each an SQL expression
 * written here, never taken from the input; ties are broken by the row's id. A page's cursor
 * carries the order it was read in with the last row's key, so it only continues that order.
 */
import { Prisma } from "@fuda/db";

import { FudaError } from "../errors";

export type SortDirection = "asc" | "desc";

export interface Sort<Key extends string> {
  by: Key;
  direction: SortDirection;
}

/** How to order by one key: its SQL expression and the type its cursor value is cast to. */
export interface SortKey {
  sql: Prisma.Sql;
  /** The key's SQL type: a cursor's value is checked for it and cast to it. */
  type: "timestamptz" | "timestamp" | "bigint" | "text";
}

export interface SortedPage<Key extends string> {
  sort: Sort<Key>;
  /** The last row's key and id on the previous page, or null on the first page. */
  after: { value: string; id: string } | null;
}

const refuseCursor = (): never => {
  throw new FudaError("BAD_INPUT", "cursor: must be a nextCursor from a previous page", {
    field: "cursor",
    rule: "BAD_CURSOR",
  });
};

/** The cursor after a row: its key's `value` as the page's `keyText` read it, and its id. */
export const encodeSortCursor = (sort: Sort<string>, value: string, id: string): string =>
  Buffer.from(JSON.stringify([sort.by, sort.direction, value, id])).toString("base64url");

/**
 * A page's cursor back to where it left off; a cursor of another order, or one that was not a
 * page's, is refused as BAD_INPUT naming `cursor`.
 */
export function decodeSortCursor<Key extends string>(
  cursor: string | undefined,
  sort: Sort<Key>,
  isId: (id: string) => boolean,
): SortedPage<Key> {
  if (cursor === undefined) return { sort, after: null };
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, "base64url").toString());
  } catch {
    return refuseCursor();
  }
  if (!Array.isArray(parts) || parts.length !== 4) return refuseCursor();
  const [by, direction, value, id] = parts as unknown[];
  if (typeof value !== "string" || typeof id !== "string" || !isId(id)) return refuseCursor();
  if (by !== sort.by || direction !== sort.direction) {
    throw new FudaError(
      "BAD_INPUT",
      `cursor: read in another order (${String(by)} ${String(direction)}); search again from the first page`,
      { field: "cursor", rule: "CURSOR_ORDER_CHANGED" },
    );
  }
  return { sort, after: { value, id } };
}

/** A cursor's key value, checked against its key's type before it reaches SQL. */
function keyValue(key: SortKey, value: string): Prisma.Sql {
  if (key.type === "timestamptz" || key.type === "timestamp") {
    // PostgreSQL's own text of the time, as precise as the column: never rounded by a JS Date.
    if (!/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:\d\d)?|Z)?$/.test(value)) {
      refuseCursor();
    }
    return Prisma.sql`${value}::${Prisma.raw(key.type)}`;
  }
  if (key.type === "bigint") {
    if (!/^-?\d{1,19}$/.test(value)) refuseCursor();
    return Prisma.sql`${value}::bigint`;
  }
  return Prisma.sql`${value}::text`;
}

/**
 * `WHERE` and `ORDER BY` of one sorted page: rows after the cursor's (key, id) in the chosen
 * direction, ordered by key then id; `keyText` selects the key as the next cursor carries it.
 * `id` is the rows' id expression, `idType` its SQL type.
 */
export function sortedPageSql<Key extends string>(
  keys: Record<Key, SortKey>,
  page: SortedPage<Key>,
  id: Prisma.Sql,
  idType: "uuid" | "text",
): { after: Prisma.Sql; orderBy: Prisma.Sql; keyText: Prisma.Sql } {
  const key = keys[page.sort.by];
  const keyText = Prisma.sql`(${key.sql})::text`;
  const descending = page.sort.direction === "desc";
  const direction = Prisma.raw(descending ? "DESC" : "ASC");
  const orderBy = Prisma.sql`ORDER BY ${key.sql} ${direction}, ${id} ${direction}`;
  if (page.after === null) return { after: Prisma.sql`TRUE`, orderBy, keyText };
  const cursorId = Prisma.sql`${page.after.id}::${Prisma.raw(idType)}`;
  const value = keyValue(key, page.after.value);
  const after = descending
    ? Prisma.sql`(${key.sql}, ${id}) < (${value}, ${cursorId})`
    : Prisma.sql`(${key.sql}, ${id}) > (${value}, ${cursorId})`;
  return { after, orderBy, keyText };
}
