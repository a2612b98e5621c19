/**
 * The webhook form's refusals, beside the field each names (docs/feed.md, Only to public
 * addresses): a URL inside our network, a partner id that is not one. The game API as in
 * production (WEBHOOK_PRIVATE_TARGETS unset: refuse), the built portal and Chromium.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import type { TestDatabase } from "@fuda/db/testing";
import { hydrated, repoRoot } from "@fuda/testkit";
import type { NextStack } from "@fuda/testkit";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { operatorPortalForFile } from "./portal-stack";

let database: TestDatabase | undefined;
let stack: NextStack | undefined;
let page: Page;

operatorPortalForFile((started) => {
  ({ database, stack, page } = started);
});

const urlField = () => page.locator('label:has(input[name="webhookUrl"])');
const partnerField = () => page.locator('label:has(input[name="webhookPartnerId"])');
const register = () => page.getByRole("button", { name: "Register endpoint" }).click();

describe("registering a webhook in the portal", () => {
  it("shows the url and partnerId refusals next to their fields, not as a banner, and registers once fixed", async () => {
    await page.goto(`${stack!.app.url}/partners`);
    await hydrated(page);
    await page.locator('input[name="webhookPartnerId"]').fill("acme-stats");
    await page.locator('input[name="webhookUrl"]').fill("http://169.254.169.254/latest/meta-data/");
    await register();
    const urlProblem = urlField().getByTestId("webhookUrl-problem");
    await urlProblem.waitFor();
    expect(await urlProblem.textContent()).toBe(
      "url: must be on a public address, not 169.254.169.254 (our own network is off limits)",
    );
    expect(await urlField().locator("input").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("webhook-problem").count()).toBe(0);
    expect(await partnerField().getByRole("alert").count()).toBe(0);
    const shots = join(repoRoot(), ".data", "screenshots");
    mkdirSync(shots, { recursive: true });
    await page.getByTestId("webhooks").screenshot({ path: join(shots, "webhook-url-refused.png") });

    // Both fields wrong at once: each refusal beside its own field.
    await page.locator('input[name="webhookPartnerId"]').fill("Acme Stats");
    await page.locator('input[name="webhookUrl"]').fill("ftp://hooks.acme.example/fuda");
    await register();
    await partnerField().getByTestId("webhookPartnerId-problem").waitFor();
    expect(await partnerField().getByRole("alert").textContent()).toMatch(/^partnerId: /);
    expect(await urlField().getByRole("alert").textContent()).toBe(
      "url: must be an http or https URL",
    );
    expect(await page.getByTestId("webhook-problem").count()).toBe(0);
    await page
      .getByTestId("webhooks")
      .screenshot({ path: join(shots, "webhook-both-refused.png") });
    expect(await database!.db.webhookEndpoint.count()).toBe(0);

    await page.locator('input[name="webhookPartnerId"]').fill("acme-stats");
    await page.locator('input[name="webhookUrl"]').fill("https://hooks.acme.example/fuda");
    await register();
    await page.getByTestId("new-webhook-value").waitFor();
    expect(await page.getByTestId("webhooks").getByRole("alert").count()).toBe(0);
    expect(await database!.db.webhookEndpoint.count()).toBe(1);
  });
});
