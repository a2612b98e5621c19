import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase } from "@fuda/db/testing";

import { createAuth, demoAccounts, seedDemoAccounts } from "../src";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("seedDemoAccounts", () => {
  it("creates a demo player, a demo operator and a demo admin once, who can sign in with the printed credentials", async () => {
    const playersCreated: string[] = [];
    const auth = createAuth({
      db: database.db,
      secret: "test-secret-test-secret-test-secret",
      baseURL: "http://127.0.0.1",
      trustedOrigins: [],
      onPlayerCreated: (userId) => {
        playersCreated.push(userId);
      },
    });
    const first = await seedDemoAccounts({ auth, db: database.db });
    const again = await seedDemoAccounts({ auth, db: database.db });
    expect(again).toEqual(first);
    expect(first.map((account) => account.role)).toEqual(["player", "operator", "admin", "dealer"]);

    const users = await database.db.user.findMany({ orderBy: { email: "asc" } });
    expect(users.map((user) => [user.email, user.role])).toEqual([
      ["admin@demo.fuda", "admin"],
      ["dealer@demo.fuda", "dealer"],
      ["operator@demo.fuda", "operator"],
      ["player@demo.fuda", "player"],
    ]);
    // Only the player starts with points, and only once.
    expect(playersCreated).toEqual([users[3]!.id]);

    for (const account of demoAccounts) {
      const signedIn = await auth.api.signInEmail({
        body: { email: account.email, password: account.password },
      });
      expect(signedIn.user.email).toBe(account.email);
    }
  });
});
