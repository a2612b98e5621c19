import { demoAccounts, seedDemoAccountsAt } from "@fuda/auth";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import {
  freePort,
  hydrated,
  launchChromium,
  signInStaff,
  startGameApi,
  startNextApp,
  totpCode,
} from "@fuda/testkit";
import type { AuthPost, NextStack } from "@fuda/testkit";
import type { BrowserContext, Page } from "playwright-core";
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

/**
 * The authenticators of the staff accounts the tests enrolled, by portal and e-mail: each
 * `otpauth://` URI's secret gives the codes of later sign-ins (docs/security.md, Staff accounts).
 */
const authenticators = new Map<string, string>();
const authenticatorKey = (portalUrl: string, email: string) => `${portalUrl} ${email}`;

/** The authenticator URI a test enrolled `email` with on this portal. */
export function authenticatorOf(portalUrl: string, email: string): string {
  const uri = authenticators.get(authenticatorKey(portalUrl, email));
  if (uri === undefined) throw new Error(`${email} has not enrolled on ${portalUrl}`);
  return uri;
}

/**
 * Signs in through the portal's sign-in page with a demo account (seedDemoAccountsAt). Staff
 * go on as a person would: at their first sign-in on this portal they enrol on /enrol (the test
 * reads the key shown for typing by hand and types its code), later they type their code.
 */
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
  if (role !== "player") await secondFactor(page, portalUrl, account);
}

/** After a staff member's password on the sign-in page: enrolment, or the code. */
export async function secondFactor(
  page: Page,
  portalUrl: string,
  { email, password }: { email: string; password: string },
): Promise<void> {
  const codeField = page.getByLabel("Authentication code");
  const enrolment = page.getByRole("form", { name: "Set up two-factor sign-in" });
  await codeField.or(enrolment).waitFor();
  if (await codeField.isVisible()) {
    await codeField.fill(totpCode(authenticatorOf(portalUrl, email)));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    return;
  }
  await hydrated(page);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  const uri = `otpauth://totp/Fuda:${encodeURIComponent(email)}?secret=${secret}`;
  authenticators.set(authenticatorKey(portalUrl, email), uri);
  await page.getByLabel("Code from the app").fill(totpCode(uri));
  await page.getByRole("button", { name: "Confirm" }).click();
  await page.waitForURL((url) => url.pathname !== "/enrol");
}

/** `context`'s POSTs to the portal's accounts relay, with its cookies, from the portal's origin. */
export const relayAuthPost =
  (context: BrowserContext, portalUrl: string): AuthPost =>
  async (path, body) => {
    const reply = await context.request.post(`${portalUrl}/api/auth/${path}`, {
      headers: { origin: portalUrl },
      data: body,
      // A portal's first sign-in loads its auth route and hashes a password: on CI's loaded
      // machine that took longer than Playwright's 30 s (floor.e2e's sign-in, once).
      timeout: 90_000,
    });
    return { status: reply.status(), body: (await reply.json().catch(() => null)) as unknown };
  };

/**
 * Signs `context` in as a staff account through the portal's accounts relay, without its pages:
 * the password, then the code (enrolled on the way at the account's first sign-in).
 */
export async function signInThroughRelay(
  context: BrowserContext,
  portalUrl: string,
  account: { email: string; password: string },
): Promise<void> {
  const key = authenticatorKey(portalUrl, account.email);
  const totpURI = await signInStaff(relayAuthPost(context, portalUrl), {
    ...account,
    totpURI: authenticators.get(key),
  });
  authenticators.set(key, totpURI);
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
