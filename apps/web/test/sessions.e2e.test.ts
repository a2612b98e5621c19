import { hydrated } from "@fuda/testkit";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { platformForFile, screenshots, watchProblems } from "./platform";

const platform = platformForFile();

const PASSWORD = "violet-tram-nineteen";
const ADDRESS = "mali@example.test";

async function device(userAgent: string) {
  const context = await platform().browser.newContext({ userAgent });
  const problems = watchProblems(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page, problems };
}

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const LAPTOP =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function signIn(page: Page, signUp: boolean): Promise<void> {
  await page.goto(`${platform().app.url}/sign-in`);
  await hydrated(page);
  if (signUp) {
    await page.getByRole("button", { name: "New here? Create an account" }).click();
    await page.getByLabel("Name").fill("Mali");
  }
  await page.getByLabel("E-mail").fill(ADDRESS);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: signUp ? "Create account" : "Sign in" }).click();
  await page.waitForURL(`${platform().app.url}/`);
  await page.locator('[data-testid="account"][data-signed-in="true"]').waitFor();
}

const signedIn = async (page: Page): Promise<string | null> => {
  await page.reload();
  await hydrated(page);
  return page.getByTestId("account").getAttribute("data-signed-in");
};

describe("a player's devices", () => {
  it("lists the phone and the laptop, signs the laptop out from the phone, and changes the password", async () => {
    const phone = await device(PHONE);
    const laptop = await device(LAPTOP);
    await signIn(phone.page, true);
    await signIn(laptop.page, false);

    await phone.page.getByTestId("account-menu").click();
    await phone.page.getByTestId("sessions-link").click();
    await phone.page.waitForURL(`${platform().app.url}/account`);
    await hydrated(phone.page);
    const rows = phone.page.getByTestId("session");
    expect(await rows.count()).toBe(2);
    const current = phone.page.locator('[data-testid="session"][data-current="true"]');
    expect(await current.textContent()).toContain("Chrome on Android");
    expect(await current.textContent()).toContain("This device");
    const other = phone.page.locator('[data-testid="session"][data-current="false"]');
    expect(await other.textContent()).toContain("Chrome on Linux");
    await screenshots(phone.page, "sessions", "devices");
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    await phone.page.setViewportSize({ width: 390, height: 844 });
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth),
      "no sideways scrolling at 390 px",
    ).toBeLessThanOrEqual(390);
    expect(width).toBeGreaterThan(0);

    await other.getByTestId("end-session").click();
    await phone.page.waitForFunction(
      () => document.querySelectorAll('[data-testid="session"]').length === 1,
    );
    expect(await signedIn(laptop.page)).toBe("false");
    expect(await signedIn(phone.page)).toBe("true");

    // A password change signs the other devices out too.
    await signIn(laptop.page, false);
    await phone.page.goto(`${platform().app.url}/account`);
    await hydrated(phone.page);
    await phone.page.getByLabel("New password").fill("password123");
    await phone.page.getByLabel("Current password").fill(PASSWORD);
    await phone.page.getByRole("button", { name: "Change password" }).click();
    await phone.page.getByTestId("sessions-error").filter({ hasText: /./ }).waitFor();
    expect(await phone.page.getByTestId("sessions-error").textContent()).toContain("most common");
    await phone.page.getByLabel("New password").fill("amber kettle seventy");
    await phone.page.getByRole("button", { name: "Change password" }).click();
    await phone.page.getByTestId("password-changed").waitFor();
    expect(await signedIn(laptop.page)).toBe("false");
    expect(await signedIn(phone.page)).toBe("true");

    // Everywhere: this device too.
    await phone.page.goto(`${platform().app.url}/account`);
    await hydrated(phone.page);
    await phone.page.getByTestId("end-everywhere").click();
    await phone.page.waitForURL(`${platform().app.url}/`);
    await phone.page.locator('[data-testid="account"][data-signed-in="false"]').waitFor();
    // The refused password is an expected 400 from the accounts endpoint, nothing else failed.
    expect(phone.problems.filter((problem) => !problem.includes("change-password"))).toEqual([]);
    expect(laptop.problems).toEqual([]);
    await phone.context.close();
    await laptop.context.close();
  }, 120_000);
});
