/**
 * The shape of a PostgreSQL schema (tables, columns, keys, indexes, enums) as a Prisma schema
 * says it should be (from Prisma's own reading of it, the DMMF) and as a database has it, in one
 * comparable form. Used by the drift test.
 */
import { readFile } from "node:fs/promises";

import type * as DMMF from "@prisma/dmmf";
import { getDMMF } from "@prisma/get-dmmf";

import { withConnection } from "../src/connect";

interface Column {
  type: string;
  notNull: boolean;
  /** The column default as PostgreSQL prints it; `undefined` when not simple enough to check. */
  default?: string | null;
}

interface Index {
  name: string;
  columns: string[];
  kind: "primary" | "unique" | "normal";
}

interface ForeignKey {
  name: string;
  columns: string[];
  references: string;
  referencedColumns: string[];
}

export interface Shape {
  tables: Record<
    string,
    { columns: Record<string, Column>; indexes: Index[]; foreignKeys: ForeignKey[] }
  >;
  enums: Record<string, string[]>;
}

export async function loadDatamodel(schemaPath: URL): Promise<DMMF.Datamodel> {
  const result = getDMMF({ datamodel: await readFile(schemaPath, "utf8") });
  if ("type" in result) throw new Error(`schema.prisma does not parse: ${result.reason}`);
  return result.datamodel;
}

const quoteIdent = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name}"`);

/** PostgreSQL's `format_type` of the column Prisma creates for a field (Prisma's defaults). */
function columnType(field: DMMF.Field, enums: Map<string, string>): string {
  const base = field.kind === "enum" ? quoteIdent(enums.get(field.type)!) : scalarType(field);
  return field.isList ? `${base}[]` : base;
}

function scalarType(field: DMMF.Field): string {
  const [nativeName, nativeArgs = []] = field.nativeType ?? [];
  const args = nativeArgs.length > 0 ? `(${nativeArgs.join(",")})` : "";
  if (nativeName !== undefined) {
    const native: Record<string, string> = {
      Uuid: "uuid",
      Text: "text",
      VarChar: `character varying${args}`,
      Char: `character${args}`,
      SmallInt: "smallint",
      Integer: "integer",
      BigInt: "bigint",
      Decimal: `numeric${args}`,
      Real: "real",
      DoublePrecision: "double precision",
      Timestamp: `timestamp${args || "(3)"} without time zone`,
      Timestamptz: `timestamp${args || "(3)"} with time zone`,
      Date: "date",
      JsonB: "jsonb",
      Json: "json",
      Boolean: "boolean",
      ByteA: "bytea",
      Inet: "inet",
    };
    const type = native[nativeName];
    if (type === undefined) throw new Error(`drift test: teach it @db.${nativeName}`);
    return type;
  }
  const defaults: Record<string, string> = {
    String: "text",
    Int: "integer",
    BigInt: "bigint",
    Float: "double precision",
    Decimal: "numeric(65,30)",
    Boolean: "boolean",
    DateTime: "timestamp(3) without time zone",
    Json: "jsonb",
    Bytes: "bytea",
  };
  const type = defaults[field.type];
  if (type === undefined) throw new Error(`drift test: teach it the type ${field.type}`);
  return type;
}

/** The database default Prisma creates, or null when the value is made by the client. */
function columnDefault(
  field: DMMF.Field,
  type: string,
  enumValues: Map<string, string>,
): string | null | undefined {
  const value = field.default;
  if (value === undefined) return null;
  if (typeof value === "object" && "name" in value) {
    const byFunction: Record<string, string | null> = {
      now: "CURRENT_TIMESTAMP",
      uuid: null,
      cuid: null,
      ulid: null,
      nanoid: null,
    };
    return value.name in byFunction ? byFunction[value.name] : undefined;
  }
  if (typeof value === "string" && (field.kind === "enum" || type === "text")) {
    const stored = field.kind === "enum" ? enumValues.get(`${field.type}.${value}`)! : value;
    return `'${stored.replaceAll("'", "''")}'::${type}`;
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/** Prisma's default constraint and index names (`tables_pkey`, `tables_slug_key`, …). */
function defaultIndexName(table: string, columns: string[], kind: Index["kind"]): string {
  if (kind === "primary") return `${table}_pkey`;
  return `${table}_${columns.join("_")}_${kind === "unique" ? "key" : "idx"}`;
}

export function expectedShape(datamodel: DMMF.Datamodel): Shape {
  const enumNames = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const enumValues = new Map(
    datamodel.enums.flatMap((e) =>
      e.values.map((v) => [`${e.name}.${v.name}`, v.dbName ?? v.name]),
    ),
  );
  const models = new Map(datamodel.models.map((model) => [model.name, model]));
  const tableOf = (model: DMMF.Model) => model.dbName ?? model.name;
  const columnOf = (model: DMMF.Model, fieldName: string) => {
    const field = model.fields.find((f) => f.name === fieldName)!;
    return field.dbName ?? field.name;
  };

  const shape: Shape = { tables: {}, enums: {} };
  for (const model of datamodel.models) {
    const table = tableOf(model);
    const columns: Record<string, Column> = {};
    for (const field of model.fields) {
      if (field.kind === "object") continue;
      const type = columnType(field, enumNames);
      // Prisma creates scalar lists as nullable arrays.
      const column: Column = { type, notNull: field.isRequired && !field.isList };
      const dflt = columnDefault(field, type, enumValues);
      if (dflt !== undefined) column.default = dflt;
      columns[field.dbName ?? field.name] = column;
    }
    const indexes = datamodel.indexes
      .filter((index) => index.model === model.name && index.type !== "fulltext")
      .map((index) => {
        const kind =
          index.type === "id" ? "primary" : index.type === "unique" ? "unique" : "normal";
        const indexColumns = index.fields.map((f) => columnOf(model, f.name));
        return {
          name: index.dbName ?? defaultIndexName(table, indexColumns, kind),
          columns: indexColumns,
          kind,
        } satisfies Index;
      });
    const foreignKeys = model.fields
      .filter((field) => field.kind === "object" && (field.relationFromFields ?? []).length > 0)
      .map((field) => {
        const target = models.get(field.type)!;
        const from = field.relationFromFields!.map((name) => columnOf(model, name));
        return {
          name: `${table}_${from.join("_")}_fkey`,
          columns: from,
          references: tableOf(target),
          referencedColumns: field.relationToFields!.map((name) => columnOf(target, name)),
        };
      });
    shape.tables[table] = {
      columns,
      indexes: sortIndexes(indexes),
      foreignKeys: sortIndexes(foreignKeys),
    };
  }
  for (const e of datamodel.enums) {
    shape.enums[e.dbName ?? e.name] = e.values.map((value) => value.dbName ?? value.name);
  }
  return shape;
}

function sortIndexes<T extends { name: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => a.name.localeCompare(b.name));
}

/** SQL: the names of the columns numbered `keys` (an int2 array) of relation `relation`, in order. */
function columnNames(keys: string, relation: string): string {
  return `array(SELECT a.attname::text FROM unnest(${keys}) WITH ORDINALITY k(attnum, ord)
                JOIN pg_attribute a ON a.attrelid = ${relation} AND a.attnum = k.attnum
                ORDER BY k.ord)`;
}

/** What the database at `url` actually has in `public` (Prisma's own table excluded). */
export async function actualShape(url: string, expected: Shape): Promise<Shape> {
  return withConnection(url, async (client) => {
    const shape: Shape = { tables: {}, enums: {} };
    const tables = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> '_prisma_migrations'`,
    );
    for (const { name } of tables.rows) {
      shape.tables[name] = { columns: {}, indexes: [], foreignKeys: [] };
    }
    const columns = await client.query<{
      table: string;
      column: string;
      type: string;
      not_null: boolean;
      default: string | null;
    }>(
      `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
              a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS default
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
    );
    for (const row of columns.rows) {
      const table = shape.tables[row.table];
      if (!table) continue;
      const column: Column = { type: row.type, notNull: row.not_null };
      // Compare defaults only where the schema's default is simple enough to state.
      if (expected.tables[row.table]?.columns[row.column]?.default !== undefined) {
        column.default = row.default;
      }
      table.columns[row.column] = column;
    }
    const indexes = await client.query<{
      table: string;
      name: string;
      columns: string[];
      unique: boolean;
      primary: boolean;
    }>(
      `SELECT t.relname AS table, i.relname AS name, ix.indisunique AS unique,
              ix.indisprimary AS primary,
              ${columnNames("ix.indkey", "t.oid")} AS columns
       FROM pg_index ix
       JOIN pg_class t ON t.oid = ix.indrelid
       JOIN pg_class i ON i.oid = ix.indexrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       -- Partial indexes are written by hand in the migrations (Prisma's schema cannot state
       -- them): drift.test.ts lists them on their own.
       WHERE n.nspname = 'public' AND ix.indpred IS NULL`,
    );
    for (const row of indexes.rows) {
      const table = shape.tables[row.table];
      if (!table) continue;
      const kind = row.primary ? "primary" : row.unique ? "unique" : "normal";
      table.indexes.push({ name: row.name, columns: row.columns, kind });
    }
    const foreignKeys = await client.query<{
      table: string;
      name: string;
      references: string;
      columns: string[];
      referenced_columns: string[];
    }>(
      `SELECT t.relname AS table, con.conname AS name, r.relname AS references,
              ${columnNames("con.conkey", "con.conrelid")} AS columns,
              ${columnNames("con.confkey", "con.confrelid")} AS referenced_columns
       FROM pg_constraint con
       JOIN pg_class t ON t.oid = con.conrelid
       JOIN pg_class r ON r.oid = con.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public' AND con.contype = 'f'`,
    );
    for (const row of foreignKeys.rows) {
      shape.tables[row.table]?.foreignKeys.push({
        name: row.name,
        columns: row.columns,
        references: row.references,
        referencedColumns: row.referenced_columns,
      });
    }
    for (const table of Object.values(shape.tables)) {
      table.indexes = sortIndexes(table.indexes);
      table.foreignKeys = sortIndexes(table.foreignKeys);
    }
    const enums = await client.query<{ name: string; values: string[] }>(
      `SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
       JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE n.nspname = 'public' GROUP BY t.typname`,
    );
    for (const row of enums.rows) shape.enums[row.name] = row.values;
    return shape;
  });
}
