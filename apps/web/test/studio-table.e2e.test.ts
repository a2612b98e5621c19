/**
 * A studio table from the player's side (issue 35, Acceptance; docs/studio.md): a dealer deals a
 * baccarat round card by card through `studio.*`; a player who bet 100 points on Banker sees each
 * card on the table page as it is entered, a mistyped card taken back leave it, and the result
 * paid as the rule book pays it. The page does not know who dealt; it says the table is live.
 */
import { randomUUID } from "node:crypto";

import { describe, expect, it } from "vitest";

import { baccarat } from "@fuda/rules";
import { parseCardCode } from "@fuda/shoe";
import { hydrated } from "@fuda/testkit";

import { platformForFile, screenshots, staffSession, watchProblems, WELCOME } from "./platform";

const SLUG = "baccarat-a";
const platform = platformForFile();

/** A dealer's session on the game API, as an admin's account with role `dealer` gives one. */
async function dealerSession(): Promise<
  (path: string, input: Record<string, unknown>) => Promise<Response>
> {
  const { database } = platform();
  const table = await database.db.table.update({
    where: { slug: SLUG },
    data: { dealing: "studio" },
  });
  const call = await staffSession(platform(), "dealer", {
    name: "Dealer",
    prepare: (dealerId) =>
      database.db.tableDealer.create({ data: { tableId: table.id, dealerId, assignedBy: "test" } }),
  });
  return (path, input) => call(path, { tableId: table.id, requestId: randomUUID(), ...input });
}

describe("a studio-dealt baccarat table", () => {
  it("shows each card as the dealer enters it, a card taken back leaves, and pays Banker by the rule book", async () => {
    const { app, browser, database } = platform();
    // Only this table; the automatic dealer ends its shoe between rounds and waits for the console.
    await database.db.table.updateMany({
      where: { slug: { not: SLUG } },
      data: { status: "PAUSED" },
    });
    const studio = await dealerSession();
    await database.db.$executeRaw`SELECT 1`;
    const idle = async () =>
      (await database.db.round.count({
        where: { table: { slug: SLUG }, phase: { in: ["betting", "dealing"] } },
      })) === 0 &&
      (await database.db.shoe.count({ where: { table: { slug: SLUG }, endedAt: null } })) === 0;
    for (let i = 0; i < 600 && !(await idle()); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await idle()).toBe(true);

    const context = await browser.newContext();
    const problems = watchProblems(context);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(app.url);
    await hydrated(page);
    await page.getByRole("button", { name: "Play as guest" }).click();
    await page.locator('[data-testid="account"][data-signed-in="true"]').waitFor();
    await page.goto(`${app.url}/tables/${SLUG}`);
    await hydrated(page);
    await page.locator('[data-testid="table-page"][data-connection="live"]').waitFor();

    expect((await studio("studio.card", { card: "5C" })).status).toBe(200);
    expect((await studio("studio.open", {})).status).toBe(200);
    await page.locator('[data-testid="phase"][data-phase="betting"]').waitFor();
    await page.getByRole("radio", { name: "Chip of 100 points" }).click();
    await page.locator('[data-testid="spot"][data-bet="banker"]').click();
    await page.locator('[data-testid="spot"][data-bet="banker"][data-stake="10000"]').waitFor();
    expect((await studio("studio.close", {})).status).toBe(200);

    const cardsShown = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="felt"] [data-order]')]
          .map((slot) => {
            const card = slot.querySelector<HTMLElement>('[data-testid="card"]')!;
            return {
              order: Number(slot.dataset.order),
              position: card.dataset.position!,
              card: Number(card.dataset.card),
            };
          })
          .sort((a, b) => a.order - b.order)
          .map(({ position, card }) => ({ position, card })),
      );
    const script = ["2S", "4D", "3H", "KC", "7S", "5H"];
    const expected: { position: string; card: number }[] = [];
    for (const [k, code] of script.entries()) {
      if (k === 4) {
        // A mistyped Player third card: shown, then taken back.
        expect((await studio("studio.card", { card: "2H" })).status).toBe(200);
        await page.waitForFunction(
          (count) =>
            document.querySelectorAll('[data-testid="felt"] [data-testid="card"]').length === count,
          5,
        );
        expect((await studio("studio.takeBack", {})).status).toBe(200);
        await page.waitForFunction(
          (count) =>
            document.querySelectorAll('[data-testid="felt"] [data-testid="card"]').length === count,
          4,
        );
      }
      const answer = (await (await studio("studio.card", { card: code })).json()) as {
        result: { data: { position: string } };
      };
      expected.push({ position: answer.result.data.position, card: parseCardCode(code)! });
      if (k < script.length - 1) {
        await page.waitForFunction(
          (count) =>
            document.querySelectorAll('[data-testid="felt"] [data-testid="card"]').length === count,
          k + 1,
        );
        expect(await cardsShown()).toEqual(expected);
      }
      if (k === 3) await screenshots(page, "studio-table", "four-cards");
    }
    await page.locator('[data-testid="own-result"]').waitFor();
    const outcome = baccarat.dealtFrom(expected.map(({ card }) => card));
    expect(outcome.winner).toBe("banker");
    const { returned } = baccarat.settleBet(
      "commission",
      { bet: "banker", stake: 10_000 },
      outcome,
    );
    expect(returned).toBe(19_500);
    await page.waitForFunction(
      (balance) =>
        Number(document.querySelector('[data-testid="balance"]')?.getAttribute("data-balance")) ===
        balance,
      WELCOME - 10_000 + returned,
    );
    await screenshots(page, "studio-table", "result");
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
