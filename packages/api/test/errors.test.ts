import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";

import { createDb } from "@fuda/db";

import { appRouter, createCallerFactory, createContext } from "../src";

describe("one error type, mapped once", () => {
  it("health reports an unreachable database as SERVICE_UNAVAILABLE naming the database", async () => {
    const db = createDb("postgresql://nobody@127.0.0.1:1/x");
    const caller = createCallerFactory(appRouter)(createContext({ db }));
    const failure = await caller.health().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TRPCError);
    expect(failure).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "database: not reachable",
    });
    await db.$disconnect();
  });
});
