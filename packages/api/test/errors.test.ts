import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { setTimeout as sleep } from "node:timers/promises";

import { describe, expect, it } from "vitest";
import { z } from "zod";

import { createAuth } from "@fuda/auth";
import { createDb } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import { startPgProxy } from "@fuda/testkit";

import { appRouter, createCallerFactory, createContext, publicProcedure, router } from "../src";
import { toCallerError } from "../src/errors";

const callerFor = (db: ReturnType<typeof createDb>) =>
  createCallerFactory(appRouter)(() => createContext({ db }));

describe("one error type, mapped once", () => {
  it("health reports an unreachable database as SERVICE_UNAVAILABLE without the driver's text", async () => {
    const db = createDb("postgresql://nobody@127.0.0.1:1/x");
    const failure = await callerFor(db)
      .health()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TRPCError);
    expect(failure).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "database: not reachable, retry later",
    });
    await db.$disconnect();
  });

  it("a raw query on a server that cannot be reached (P2010, DatabaseNotReachable) is a retryable SERVICE_UNAVAILABLE", async () => {
    const db = createDb("postgresql://nobody@127.0.0.1:1/x");
    const failure = await db.$queryRaw`SELECT 1`.catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "P2010" });
    expect(toCallerError(failure)).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "database: not reachable, retry later",
    });
    await db.$disconnect();
  });

  it("a signed-in caller while the database is away gets a retryable SERVICE_UNAVAILABLE, never the driver's text", async () => {
    const database = await createTestDatabase();
    const proxy = await startPgProxy(database.url);
    const db = createDb(proxy.url);
    try {
      const auth = createAuth({
        db,
        secret: "test-secret-test-secret-test-secret",
        baseURL: "http://127.0.0.1",
        trustedOrigins: [],
      });
      const { headers } = await auth.api.signUpEmail({
        body: { email: "away@example.com", password: "correct horse battery", name: "away" },
        returnHeaders: true,
      });
      const cookie = headers.get("set-cookie")!.split(";")[0]!;
      await proxy.stop();
      const failure = await createContext({ db, auth, headers: { cookie } }).then(
        () => "resolved",
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        message: "database: not reachable, retry later",
      });
    } finally {
      await db.$disconnect();
      await proxy.close();
      await database.drop();
    }
  });

  it("an unexpected failure reaches the caller as a bare internal error, never Prisma's message", async () => {
    const database = await createTestDatabase();
    try {
      await database.db.$executeRawUnsafe("DROP TABLE tables CASCADE");
      const failure = await callerFor(database.db)
        .tables.list()
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({
        code: "INTERNAL_SERVER_ERROR",
        message: "Internal server error",
      });
    } finally {
      await database.drop();
    }
  });

  it("a connection cut under a running query is a retryable SERVICE_UNAVAILABLE, not an internal error", async () => {
    const database = await createTestDatabase();
    const proxy = await startPgProxy(database.url);
    const db = createDb(proxy.url);
    try {
      const running = db.$queryRaw`SELECT pg_sleep(5)`.catch((error: unknown) => error);
      await sleep(300);
      await proxy.stop();
      const cut = await running;
      expect(cut).toBeInstanceOf(Error);
      expect(toCallerError(cut)).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        message: "database: not reachable, retry later",
      });
    } finally {
      await db.$disconnect();
      await proxy.close();
      await database.drop();
    }
  });

  it("a query ended by a server shutting down (57P01) is a retryable SERVICE_UNAVAILABLE", async () => {
    const database = await createTestDatabase();
    const victim = createDb(database.url);
    try {
      const running = victim.$queryRaw`SELECT pg_sleep(5)`.catch((error: unknown) => error);
      await sleep(300);
      // What `pg_ctl stop -m fast` does to every running query, here to one.
      await database.db.$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE '%pg_sleep%' AND pid <> pg_backend_pid()`;
      expect(toCallerError(await running)).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        message: "database: not reachable, retry later",
      });
    } finally {
      await victim.$disconnect();
      await database.drop();
    }
  });

  it("BAD_INPUT is the caller's input failing its schema; our output failing its schema is a bare 500", async () => {
    const checked = router({
      echo: publicProcedure
        .input(z.object({ n: z.number() }))
        .output(z.object({ n: z.number() }))
        // NaN is a number to the compiler and not to z.number(): the output breaks its schema.
        .query(({ input }) => ({ n: input.n === 0 ? Number.NaN : input.n })),
    });
    const call = async (n: unknown) => {
      const response = await fetchRequestHandler({
        endpoint: "/trpc",
        req: new Request(`http://x/trpc/echo?input=${encodeURIComponent(JSON.stringify({ n }))}`),
        router: checked,
        createContext: () => ({}) as never,
      });
      const { error } = (await response.json()) as {
        error: { message: string; data: { code: string; reason?: string; details?: unknown } };
      };
      return {
        status: response.status,
        code: error.data.code,
        reason: error.data.reason,
        message: error.message,
        details: error.data.details,
      };
    };
    // In words naming the field, not zod's issues as JSON; the field in `details` too.
    expect(await call("one")).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      reason: "BAD_INPUT",
      message: "n: Invalid input: expected number, received string",
      details: { field: "n", rule: "INVALID_TYPE" },
    });
    expect(await call(0)).toMatchObject({
      status: 500,
      code: "INTERNAL_SERVER_ERROR",
      reason: undefined,
      message: "Internal server error",
    });
  });
});
