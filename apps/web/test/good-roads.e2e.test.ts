/**
 * The lobby's good-roads filter (docs/rules/baccarat.md, Good roads) on scripted shoes: each
 * filter shows exactly the baccarat tables whose big road shows that pattern, and follows a
 * road as it changes. No dealer runs, so the scripted roads stay as written.
 */
import type { Table } from "@fuda/db";
import { openShoeWithRoad } from "@fuda/db/testing";
import { baccarat } from "@fuda/rules";
import { expect, it } from "vitest";

import { copyTable, platformForFile } from "./platform";

const platform = platformForFile({ DEALER: "off" });

/** The shoe in play at `table` now has the road `results` (B, P, T letters). */
async function script(table: Table, results: string) {
  const { db } = platform().database;
  const road = baccarat.parseResults(results).map((round) => ({ ...round }));
  const open = await db.shoe.findFirst({ where: { tableId: table.id, endedAt: null } });
  if (open === null) await openShoeWithRoad(db, table.id, road);
  else await db.shoe.update({ where: { id: open.id }, data: { road } });
}

it("each good-road filter shows exactly the baccarat tables whose road shows it, and follows the roads", async () => {
  const { db } = platform().database;
  const tables: Record<string, Table> = {};
  for (const table of await db.table.findMany({
    where: { slug: { in: ["baccarat-a", "baccarat-b"] } },
  })) {
    tables[table.slug] = table;
  }
  for (const table of await copyTable(platform(), "baccarat-a", [
    "baccarat-c",
    "baccarat-d",
    "baccarat-e",
  ])) {
    tables[table.slug] = table;
  }
  await script(tables["baccarat-a"]!, "PBBBB");
  await script(tables["baccarat-b"]!, "BBPBPB");
  await script(tables["baccarat-c"]!, "BBPPBBP");
  await script(tables["baccarat-d"]!, "BPBBB");
  await script(tables["baccarat-e"]!, "BBBBTPPPP");

  const page = await platform().browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(platform().app.url);
  await page.locator('[data-connection="live"]').waitFor();
  const filter = (road: string) =>
    page.locator(`[data-testid="good-road-filter"][data-good-road="${road}"]`);
  const shown = async () =>
    (
      await page
        .getByTestId("table-card")
        .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-slug")))
    ).sort();
  await expect.poll(() => filter("long-banker").textContent()).toContain("1");

  for (const [road, slugs] of [
    ["long-banker", ["baccarat-a"]],
    ["ping-pong", ["baccarat-b"]],
    ["two-in-a-row", ["baccarat-c"]],
    ["long-player", ["baccarat-e"]],
  ] as const) {
    await filter(road).click();
    expect(await filter(road).getAttribute("aria-pressed")).toBe("true");
    expect(await shown()).toEqual(slugs);
    // Each card says which road it shows.
    expect(await page.getByTestId("good-road").allTextContents()).toHaveLength(1);
  }
  // Pressed again, the filter lets go: every table is back.
  await filter("long-player").click();
  expect(await shown()).toHaveLength(8);

  // Table d's next Banker makes its streak long: the filter follows the road.
  await filter("long-banker").click();
  await script(tables["baccarat-d"]!, "BPBBBB");
  await expect.poll(shown, { timeout: 15_000 }).toEqual(["baccarat-a", "baccarat-d"]);
  // Table a's Player ends its streak.
  await script(tables["baccarat-a"]!, "PBBBBP");
  await expect.poll(shown, { timeout: 15_000 }).toEqual(["baccarat-d"]);
  // Nothing shows a ping-pong any more once b's streak grows: the lobby says so.
  await filter("ping-pong").click();
  await script(tables["baccarat-b"]!, "BBPBPBB");
  await expect.poll(shown, { timeout: 15_000 }).toEqual([]);
  await page.getByTestId("no-good-road").waitFor();

  // Every baccarat card shows its results over its last rounds, the other games' none.
  await filter("ping-pong").click();
  expect(await page.locator('[data-game="baccarat"] [data-testid="table-stats"]').count()).toBe(5);
  expect(await page.locator('[data-game="pok-deng"] [data-testid="table-stats"]').count()).toBe(0);
  await page.close();
}, 120_000);
