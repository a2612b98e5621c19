import { randomBytes } from "node:crypto";

import type { Db } from "@fuda/db";
import { createDb } from "@fuda/db";

import type { Auth, CreateAuthOptions } from "./auth";
import { createAuth } from "./auth";
import type { RoleName } from "./roles";

export interface DemoAccount {
  role: RoleName;
  name: string;
  email: string;
  password: string;
}

/**
 * The accounts a local platform starts with, so that anyone can sign in at once. Their
 * passwords are public: seed them only on a developer's own (embedded) database.
 */
export const demoAccounts: readonly DemoAccount[] = [
  { role: "player", name: "Demo Player", email: "player@demo.fuda", password: "demo-player-1" },
  {
    role: "operator",
    name: "Demo Operator",
    email: "operator@demo.fuda",
    password: "demo-operator-1",
  },
  // Partners' API keys are an admin's to issue: without one nobody could read the feed.
  { role: "admin", name: "Demo Admin", email: "admin@demo.fuda", password: "demo-admin-1" },
  // Deals any table an operator switches to studio dealing (docs/studio.md).
  { role: "dealer", name: "Demo Dealer", email: "dealer@demo.fuda", password: "demo-dealer-1" },
];

/**
 * Creates the demo accounts that are missing (by e-mail), through better-auth so that passwords
 * are hashed its way and `onPlayerCreated` runs for the player. An account that exists is left
 * as it is. Returns every demo account's credentials.
 */
export async function seedDemoAccounts({
  auth,
  db,
}: {
  auth: Auth;
  db: Db;
}): Promise<readonly DemoAccount[]> {
  for (const account of demoAccounts) {
    if ((await db.user.findUnique({ where: { email: account.email } })) !== null) continue;
    await auth.api.createUser({
      body: {
        email: account.email,
        password: account.password,
        name: account.name,
        role: account.role,
      },
    });
  }
  // The demo dealer may deal every table there is (tables are seeded before the accounts).
  await db.$executeRaw`
    INSERT INTO table_dealers (table_id, dealer_id, assigned_by)
    SELECT t.id, u.id, 'demo' FROM tables t CROSS JOIN users u
    WHERE u.email = 'dealer@demo.fuda' AND u.role = 'dealer'
    ON CONFLICT DO NOTHING`;
  return demoAccounts;
}

/**
 * For the launcher: seeds the demo accounts of the database at `url` with its own client.
 * `hooks` makes the game API's hooks on that client, so that the demo player starts like any
 * other player.
 */
export async function seedDemoAccountsAt({
  url,
  hooks = () => ({}),
}: {
  url: string;
  hooks?: (db: Db) => Pick<CreateAuthOptions, "onPlayerCreated" | "onGuestUpgraded">;
}): Promise<readonly DemoAccount[]> {
  const db = createDb(url);
  try {
    // Creating users signs nothing: a throwaway secret will do.
    const secret = randomBytes(32).toString("base64url");
    const auth = createAuth({
      db,
      secret,
      baseURL: "http://127.0.0.1",
      trustedOrigins: [],
      ...hooks(db),
    });
    return await seedDemoAccounts({ auth, db });
  } finally {
    await db.$disconnect();
  }
}
