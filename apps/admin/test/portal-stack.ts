import { demoAccounts, seedDemoAccountsAt } from "@fuda/auth";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { freePort, hydrated, launchChromium, startGameApi, startNextApp } from "@fuda/testkit";
import type { NextStack } from "@fuda/testkit";
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

/**
 * The game API on `databaseUrl` trusting the portal's origin for sign-in, the built portal and
 * Chromium. The portal starts first, on the game API's port-to-be: better-auth accepts session
 * cookies only from the origins it trusts, and the portal's port is known once it runs.
 */
export async function startPortal({
  databaseUrl,
  gameApiEnv = {},
}: {
  databaseUrl: string;
  gameApiEnv?: Record<string, string>;
}): Promise<NextStack> {
  const started: { stop(): Promise<void> }[] = [];
  const stop = async (): Promise<void> => {
    for (const part of started.splice(0).reverse()) await part.stop();
  };
  try {
    const gameApiPort = await freePort();
    const app = await startNextApp({
      app: "admin",
      gameApiUrl: `http://127.0.0.1:${gameApiPort}/trpc`,
    });
    started.push(app);
    const gameApi = await startGameApi({
      databaseUrl,
      port: gameApiPort,
      env: { AUTH_TRUSTED_ORIGINS: app.url, ...gameApiEnv },
    });
    started.push(gameApi);
    const browser = await launchChromium();
    started.push({ stop: () => browser.close() });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    return { gameApi, app, browser, page, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Signs in through the portal's sign-in page with a demo account (seedDemoAccountsAt). */
export async function signInPortal(
  page: Page,
  portalUrl: string,
  role: "operator" | "player" | "dealer",
): Promise<void> {
  const account = demoAccounts.find((candidate) => candidate.role === role)!;
  await page.goto(`${portalUrl}/sign-in`);
  await hydrated(page);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A database of its own, seeded with the tables and the demo accounts, and the portal on it. */
export async function startSeededPortal(): Promise<{ database: TestDatabase; stack: NextStack }> {
  const database = await createTestDatabase();
  try {
    await seed(database.db);
    await seedDemoAccountsAt({ url: database.url });
    return { database, stack: await startPortal({ databaseUrl: database.url }) };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/**
 * The seeded portal for a whole test file, signed in as the operator: started before its tests
 * (handed to `use` once the portal shows), stopped and its database dropped after them.
 */
export function operatorPortalForFile(
  use: (started: { database: TestDatabase; stack: NextStack; page: Page }) => void,
): void {
  let started: { database: TestDatabase; stack: NextStack } | undefined;
  beforeAll(async () => {
    started = await startSeededPortal();
    const { page, app } = started.stack;
    await signInPortal(page, app.url, "operator");
    await page.getByTestId("portal").waitFor();
    use({ ...started, page });
  }, 240_000);
  afterAll(async () => {
    await started?.stack.stop();
    await started?.database.drop();
  });
}
