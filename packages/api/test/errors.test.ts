import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";

import { createDb } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import { appRouter, createCallerFactory, createContext } from "../src";

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

  it("an unexpected failure reaches the caller as a bare internal error, never Prisma's message", async () => {
    const database = await createTestDatabase();
    try {
      await database.db.$executeRawUnsafe("DROP TABLE tables");
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
});
