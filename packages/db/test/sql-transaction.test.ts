import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  createDb,
  inlined,
  isDatabaseUnreachable,
  keptConnection,
  poolOf,
  Prisma,
  sqlTransaction,
  sqlTransactionOf,
} from "../src";
import type { Db, SqlClient } from "../src";
import { createTestDatabase } from "../src/testing";
import type { TestDatabase } from "../src/testing";

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.$executeRaw`CREATE TABLE notes (id int PRIMARY KEY, text text NOT NULL)`;
});
afterAll(() => database.drop());

const notes = async () =>
  (await db.$queryRaw<{ id: number; text: string }[]>`SELECT id, text FROM notes ORDER BY id`).map(
    ({ id, text }) => `${id}:${text}`,
  );

describe("sqlTransaction", () => {
  it("commits the body's statements together, with Prisma's tagged templates and fragments", async () => {
    const fragment = Prisma.sql`unnest(${[1, 2]}::int[], ${["a", "b"]}::text[])`;
    const inserted = await sqlTransaction(db, async (tx) => {
      const rows = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO notes (id, text) SELECT * FROM ${fragment} RETURNING id`;
      // Its own writes are visible inside it…
      const [{ count }] = await tx.$queryRaw<
        [{ count: number }]
      >`SELECT count(*)::int AS count FROM notes`;
      expect(count).toBe(2);
      return rows.map((row) => row.id);
    });
    expect(inserted).toEqual([1, 2]);
    // …and to everyone once it returns.
    expect(await notes()).toEqual(["1:a", "2:b"]);
  });

  it("$executeRaw answers the count of rows the statement changed, as Prisma's does", async () => {
    const counts = await sqlTransaction(db, async (tx) => [
      await tx.$executeRaw`INSERT INTO notes (id, text) VALUES (${20}, ${"x"}), (${21}, ${"y"})`,
      await tx.$executeRaw`UPDATE notes SET text = upper(text) WHERE id IN (${20}, ${21})`,
      await tx.$executeRaw`UPDATE notes SET text = 'none' WHERE id = ${999}`,
      await tx.$executeRaw`DELETE FROM notes WHERE id >= ${20}`,
    ]);
    expect(counts).toEqual([2, 2, 0, 2]);
    // Prisma's own answers the same for the same statements.
    expect(await db.$executeRaw`UPDATE notes SET text = text WHERE id = ${999}`).toBe(0);
  });

  it("rolls back everything when the body throws, and throws the body's error", async () => {
    const before = await notes();
    const failure = new Error("the body changed its mind");
    await expect(
      sqlTransaction(db, async (tx) => {
        await tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${10}, ${"kept?"})`;
        throw failure;
      }),
    ).rejects.toBe(failure);
    await expect(
      sqlTransaction(db, async (tx) => {
        await tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${11}, ${"x"})`;
        await tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${1}, ${"duplicate"})`;
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(await notes()).toEqual(before);
    // The connections went back to the pool usable: the next transaction works.
    await sqlTransaction(
      db,
      (tx) => tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${3}, ${"c"})`,
    );
    expect(await notes()).toEqual([...before, "3:c"]);
  });

  it("no statement after the commit: commitWith ends the transaction", async () => {
    await expect(
      sqlTransaction(db, async (tx) => {
        await tx.commitWith([Prisma.sql`INSERT INTO notes (id, text) VALUES (${23}, ${"x"})`]);
        await tx.$queryRaw`SELECT 1`;
      }),
    ).rejects.toThrow("a statement after the commit");
  });

  it("a first statement sent with BEGIN: its rows answered, its lock held to the commit, its failure a rollback", async () => {
    const before = await notes();
    const rows = await sqlTransaction(
      db,
      async (tx) => {
        const [locked] = await tx.first!();
        // The lock is this transaction's: another session cannot take it before the commit.
        const other = await poolOf(db).connect();
        try {
          await expect(
            other.query("SELECT 1 FROM notes WHERE id = 1 FOR UPDATE NOWAIT"),
          ).rejects.toMatchObject({ code: "55P03" });
        } finally {
          other.release();
        }
        await tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${50}, ${"locked"})`;
        return locked;
      },
      { first: [Prisma.sql`SELECT id, text FROM notes WHERE id = ${1} FOR UPDATE`] },
    );
    expect(rows).toEqual([{ id: 1, text: before[0]!.split(":")[1] }]);
    expect(await notes()).toEqual([...before, "50:locked"]);

    await expect(
      sqlTransaction(
        db,
        async (tx) => {
          await tx.first!();
          await tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${51}, ${"gone"})`;
        },
        { first: [Prisma.sql`SELECT no_such_column FROM notes`] },
      ),
    ).rejects.toMatchObject({ code: "42703" });
    expect(await notes()).toEqual([...before, "50:locked"]);
    // Without `first`, the body has no `tx.first`.
    await sqlTransaction(db, (tx) => {
      expect(tx.first).toBeUndefined();
      return Promise.resolve();
    });
  });

  it("first statements: several, each reading after the one before, their values written in as PostgreSQL reads parameters", async () => {
    const odd = "it's a \\ back'slash $1 and 'quotes'";
    const when = new Date("2026-12-06T10:11:12.345Z");
    const [inserted, read] = await sqlTransaction(
      db,
      async (tx) => {
        const rows = await tx.first!();
        await tx.$queryRaw`DELETE FROM notes WHERE id = ${60}`;
        return rows;
      },
      {
        first: [
          Prisma.sql`INSERT INTO notes (id, text) VALUES (${60}, ${odd}) RETURNING id`,
          // A statement of its own sees the insert before it.
          Prisma.sql`SELECT text, ${-2}::int AS minus, ${null}::text AS none, ${true}::boolean AS yes,
                            ${when}::timestamptz AS at, ${12345678901234n}::bigint AS big, '$2' AS dollar
                     FROM notes WHERE id = ${60}`,
        ],
      },
    );
    expect(inserted).toEqual([{ id: 60 }]);
    expect(read).toEqual([
      {
        text: odd,
        minus: -2,
        none: null,
        yes: true,
        at: when,
        big: "12345678901234",
        dollar: "$2",
      },
    ]);
    expect(inlined(Prisma.sql`SELECT ${"a'b"}, "$1", ${1.5}`)).toBe(`SELECT 'a''b', "$1", '1.5'`);
    expect(() => inlined(Prisma.sql`SELECT ${{ a: 1 }}`)).toThrow(
      "no literal for a value of type object",
    );
    expect(() => inlined(Prisma.sql`SELECT ${[[1]]}`)).toThrow(
      "no literal for a value of type object",
    );
  });

  it("arrays and bytes written in: every element read back as a parameter would be", async () => {
    const texts = [
      "plain",
      'a "quoted" word',
      "back\\slash",
      "it's",
      "{braces},commas",
      "NULL",
      "",
      null,
    ];
    const jsons = [JSON.stringify({ say: 'he said "hi"\n', path: "C:\\x" }), null];
    const bytes = Buffer.from([0, 1, 0xfe, 0xff]);
    const [rows] = await sqlTransaction(db, async (tx) => tx.first!(), {
      first: [
        Prisma.sql`SELECT ${texts}::text[] AS texts, ${[1, -2, null]}::int[] AS ints,
                          ${[10n, 2n ** 62n]}::bigint[] AS bigs, ${[]}::uuid[] AS none,
                          ${jsons}::jsonb[] AS jsons, ${bytes}::bytea AS bytes`,
      ],
    });
    expect(rows).toEqual([
      {
        texts,
        ints: [1, -2, null],
        bigs: ["10", String(2n ** 62n)],
        none: [],
        jsons: [JSON.parse(jsons[0]!), null],
        bytes,
      },
    ]);
  });

  it("commitWith: the last statements and COMMIT in one message, their rows answered; a failure rolls back all", async () => {
    const rows = await sqlTransaction(db, async (tx) => {
      await tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${70}, ${"before"})`;
      return tx.commitWith([
        Prisma.sql`INSERT INTO notes (id, text) VALUES (${71}, ${"with"}) RETURNING id`,
        Prisma.sql`SELECT count(*)::int AS count FROM notes WHERE id IN (${70}, ${71})`,
      ]);
    });
    expect(rows).toEqual([[{ id: 71 }], [{ count: 2 }]]);
    expect(await notes()).toEqual(expect.arrayContaining(["70:before", "71:with"]));

    await expect(
      sqlTransaction(db, async (tx) => {
        await tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${72}, ${"before"})`;
        await tx.commitWith([
          Prisma.sql`INSERT INTO notes (id, text) VALUES (${73}, ${"with"})`,
          // A duplicate key: the rest of the message, COMMIT included, is skipped.
          Prisma.sql`INSERT INTO notes (id, text) VALUES (${70}, ${"again"})`,
          Prisma.sql`INSERT INTO notes (id, text) VALUES (${74}, ${"after"})`,
        ]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    const after = await notes();
    for (const id of [72, 73, 74])
      expect(after.some((note) => note.startsWith(`${id}:`))).toBe(false);
    // The connection went back to the pool usable, not in a failed transaction.
    expect(await sqlTransactionOf(db, [Prisma.sql`SELECT ${"ok"} AS ok`])).toEqual([
      [{ ok: "ok" }],
    ]);
  });

  it("a statement of a message is prepared once per connection, also when the message that prepared it failed", async () => {
    const kept = keptConnection(db);
    try {
      const read = (id: number) => Prisma.sql`SELECT text FROM notes WHERE id = ${id}`;
      const failing = Prisma.sql`SELECT 1 / ${0}::int AS never`;
      const prepared = () =>
        kept.transaction(
          async (tx) =>
            tx.$queryRaw<{ name: string; statement: string }[]>`
            SELECT name, statement FROM pg_prepared_statements WHERE from_sql`,
        );
      // Prepared by a message that then fails: PREPARE outlives its transaction.
      await expect(
        kept.transaction(async (tx) => tx.first!(), { first: [read(90), failing] }),
      ).rejects.toMatchObject({ code: "22012" });
      // The same statements again, on the same connection: not prepared twice (42P05).
      for (const id of [91, 92]) {
        await kept.transaction(
          async (tx) => {
            await tx.first!();
            return tx.commitWith([read(id)]);
          },
          { first: [read(id)] },
        );
      }
      // Both were prepared (not sent inlined): each name's PREPARE is in the text that made it.
      const rows = await prepared();
      const made = (text: string) =>
        rows.filter((row) => row.statement.includes(`PREPARE ${row.name} AS ${text};`));
      expect(made("SELECT text FROM notes WHERE id = $1")).toHaveLength(1);
      expect(made("SELECT 1 / $1::int AS never")).toHaveLength(1);
    } finally {
      kept.release();
    }
  });

  it("sqlTransactionOf: BEGIN, the statements and COMMIT as one message, each reading after the one before", async () => {
    const [inserted, counted] = await sqlTransactionOf(db, [
      Prisma.sql`INSERT INTO notes (id, text) VALUES (${80}, ${"one"}), (${81}, ${"two"}) RETURNING id`,
      Prisma.sql`SELECT count(*)::int AS count FROM notes WHERE id >= ${80} AND id < ${90}`,
    ]);
    expect(inserted).toEqual([{ id: 80 }, { id: 81 }]);
    expect(counted).toEqual([{ count: 2 }]);
    await expect(
      sqlTransactionOf(db, [
        Prisma.sql`INSERT INTO notes (id, text) VALUES (${82}, ${"three"})`,
        Prisma.sql`SELECT 1 / ${0}::int`,
      ]),
    ).rejects.toMatchObject({ code: "22012" });
    expect((await notes()).filter((note) => /^8\d:/.test(note))).toEqual(["80:one", "81:two"]);
  });

  it("a statement waiting longer than the timeout fails, and its transaction is rolled back", async () => {
    const holder = await poolOf(db).connect();
    try {
      await holder.query("BEGIN");
      await holder.query("UPDATE notes SET text = 'held' WHERE id = 1");
      await expect(
        sqlTransaction(
          db,
          async (tx) => {
            await tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${30}, ${"waits"})`;
            await tx.$queryRaw`UPDATE notes SET text = 'mine' WHERE id = 1`;
          },
          { statementTimeoutMs: 200 },
        ),
      ).rejects.toMatchObject({ code: "57014" });
    } finally {
      await holder.query("ROLLBACK");
      holder.release();
    }
    expect(await notes()).not.toContain("30:waits");
  });

  it("a server that cannot be reached fails with an error the API answers as unavailable", async () => {
    const down = createDb("postgresql://postgres@127.0.0.1:1/nowhere");
    try {
      const error = await sqlTransaction(down, (tx) => tx.$queryRaw`SELECT 1`).catch(
        (cause: unknown) => cause,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnreachable(error)).toBe(true);
    } finally {
      await down.$disconnect();
    }
  });
});

describe("keptConnection", () => {
  const backend = async (tx: SqlClient) =>
    (await tx.$queryRaw<[{ pid: number }]>`SELECT pg_backend_pid() AS pid`)[0].pid;

  it("runs transactions one after another on one connection, and on the pool's beside it", async () => {
    const kept = keptConnection(db);
    try {
      const first = await kept.transaction(backend);
      expect(await kept.transaction(backend)).toBe(first);
      // A transaction asked for while one runs takes another connection; both commit.
      let release!: () => void;
      const holding = kept.transaction(async (tx) => {
        await tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${40}, ${"kept"})`;
        await new Promise<void>((resolve) => (release = resolve));
        return backend(tx);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const beside = await kept.transaction(async (tx) => {
        await tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${41}, ${"beside"})`;
        return backend(tx);
      });
      release();
      expect(await holding).toBe(first);
      expect(beside).not.toBe(first);
      expect(await notes()).toEqual(expect.arrayContaining(["40:kept", "41:beside"]));
      // A failed transaction rolls back and the connection stays kept.
      await expect(
        kept.transaction(async (tx) => {
          await tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${42}, ${"gone"})`;
          await tx.$queryRaw`INSERT INTO notes (id, text) VALUES (${40}, ${"clash"})`;
        }),
      ).rejects.toMatchObject({ code: "23505" });
      expect(await notes()).not.toContain("42:gone");
      expect(await kept.transaction(backend)).toBe(first);
    } finally {
      kept.release();
    }
  });

  it("a kept connection the server dropped is replaced at the next transaction", async () => {
    const kept = keptConnection(db);
    try {
      const first = await kept.transaction(backend);
      await db.$queryRaw`SELECT pg_terminate_backend(${first}::int)`;
      // The client hears of it as an error event on the idle connection (given time to, on a
      // loaded machine).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const next = await kept.transaction(backend);
      expect(next).not.toBe(first);
      expect(await kept.transaction(backend)).toBe(next);
    } finally {
      kept.release();
    }
  });

  it("prepares each statement text once per connection, and at most 64 texts", async () => {
    const kept = keptConnection(db);
    const prepared = (tx: SqlClient) =>
      tx.$queryRaw<{ statement: string }[]>`SELECT statement FROM pg_prepared_statements`;
    try {
      const note = (tx: SqlClient) => tx.$queryRaw`SELECT text FROM notes WHERE id = ${1}`;
      await kept.transaction(note);
      await kept.transaction(note);
      const statements = (await kept.transaction(prepared)).map((row) => row.statement);
      expect(statements.filter((text) => text.includes("FROM notes WHERE id = $1"))).toHaveLength(
        1,
      );
      // Texts of many shapes: the first ones named, the rest sent unnamed, none refused.
      for (let i = 0; i < 80; i++) {
        const [row] = await kept.transaction((tx) =>
          tx.$queryRaw<[{ n: number }]>(Prisma.sql`SELECT ${Prisma.raw(String(i))}::int AS n`),
        );
        expect(row.n).toBe(i);
      }
      expect((await kept.transaction(prepared)).length).toBeLessThanOrEqual(64);
    } finally {
      kept.release();
    }
  });

  it("gives its connection back to the pool when released", async () => {
    const pool = poolOf(db);
    const kept = keptConnection(db);
    await kept.transaction(backend);
    const idle = pool.idleCount;
    kept.release();
    expect(pool.idleCount).toBe(idle + 1);
    // Released, it still runs a transaction asked of it, on the pool's connections.
    expect(await kept.transaction(backend)).toEqual(expect.any(Number));
  });
});
