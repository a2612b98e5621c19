import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import type { Actor } from "../src";
import {
  adminProcedure,
  operatorProcedure,
  partnerProcedure,
  playerProcedure,
  publicProcedure,
  router,
} from "../src";

// One procedure per builder, each answering the actor its handler was given.
const probe = router({
  public: publicProcedure.query(({ ctx }) => ctx.actor.kind),
  player: playerProcedure.query(({ ctx }) => ctx.actor.userId),
  operator: operatorProcedure.query(({ ctx }) => ctx.actor.role),
  admin: adminProcedure.query(({ ctx }) => ctx.actor.userId),
  partner: partnerProcedure.query(({ ctx }) => ctx.actor.partnerId),
});

const actors = {
  anonymous: { kind: "anonymous" },
  player: { kind: "player", userId: "p1" },
  operator: { kind: "operator", userId: "o1", role: "operator", signedInAt: Date.now() },
  admin: { kind: "operator", userId: "a1", role: "admin", signedInAt: Date.now() },
  partner: { kind: "partner", keyId: "k1", partnerId: "acme", scopes: ["feed:read"] },
} satisfies Record<string, Actor>;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

async function answer(actor: Actor, procedure: keyof typeof probe._def.procedures) {
  try {
    return await probe.createCaller({ db, actor })[procedure]();
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

describe("procedure builders: one rule each, UNAUTHORIZED without identity, FORBIDDEN for the wrong one", () => {
  it.each([
    ["public", ["anonymous", "player", "operator", "operator", "partner"]],
    ["player", ["UNAUTHORIZED", "p1", "FORBIDDEN", "FORBIDDEN", "FORBIDDEN"]],
    ["operator", ["UNAUTHORIZED", "FORBIDDEN", "operator", "admin", "FORBIDDEN"]],
    ["admin", ["UNAUTHORIZED", "FORBIDDEN", "FORBIDDEN", "a1", "FORBIDDEN"]],
    ["partner", ["UNAUTHORIZED", "FORBIDDEN", "FORBIDDEN", "FORBIDDEN", "acme"]],
  ] as const)("%sProcedure", async (procedure, expected) => {
    const answers = [];
    for (const actor of Object.values(actors)) answers.push(await answer(actor, procedure));
    expect(answers).toEqual(expected);
  });

  it("a refusal says what the procedure needs", async () => {
    await expect(probe.createCaller({ db, actor: actors.anonymous }).admin()).rejects.toThrow(
      "sign in first: this needs an admin",
    );
    await expect(probe.createCaller({ db, actor: actors.operator }).admin()).rejects.toThrow(
      "only an admin may do this",
    );
  });
});
