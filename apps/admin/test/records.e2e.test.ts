/**
 * The rounds and players pages in Chromium against the real game API: an operator finds a
 * player, adjusts the balance and bans them (their sessions end), and opens a round's record
 * from the rounds list; a search of rounds lives in the page's address (shared, reloaded, Back).
 */
import { seedDemoAccountsAt } from "@fuda/auth";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { authClient, hydrated, signInStaff, startNextStack, until } from "@fuda/testkit";
import type { NextStack } from "@fuda/testkit";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let database: TestDatabase | undefined;
let stack: NextStack | undefined;
let page: Page;
let playerId: string;

/** The game API trusts the portal's usual origin for sign-in (AUTH_TRUSTED_ORIGINS' default). */
const TRUSTED_ORIGIN = "http://127.0.0.1:3001";

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  // Rounds come quickly: the dealer reads the countdown at every round.
  await database.db.table.updateMany({ data: { countdownSeconds: 2 } });
  const accounts = await seedDemoAccountsAt({ url: database.url });
  playerId = (
    await database.db.user.findUniqueOrThrow({
      where: { email: accounts.find((account) => account.role === "player")!.email },
    })
  ).id;
  stack = await startNextStack({
    app: "admin",
    databaseUrl: database.url,
    viewport: { width: 1400, height: 900 },
  });
  page = stack.page;
  // A step that does not happen fails naming its locator, well within the test's time.
  page.setDefaultTimeout(10_000);
  const operator = accounts.find((account) => account.role === "operator")!;
  // Signed in (and enrolled in two-factor sign-in) on the game API itself: cookies of one host
  // are the portal's too, whatever the port.
  const staff = authClient(stack.gameApi.url, TRUSTED_ORIGIN);
  await signInStaff(staff.post, operator);
  await page
    .context()
    .addCookies(staff.entries().map((cookie) => ({ ...cookie, url: stack!.app.url })));
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await database?.drop();
});

/** A button's size and shape as drawn: padding, weight, font size, corners (not its colours). */
const buttonLook = (name: string) =>
  page.getByRole("button", { name, exact: true }).evaluate((button) => {
    const style = getComputedStyle(button);
    return [style.padding, style.fontWeight, style.fontSize, style.borderRadius].join(" ");
  });

/** The first round `query` finds once the dealers have dealt it (20 s at the most). */
async function roundOnceThere(
  what: string,
  query: NonNullable<Parameters<TestDatabase["db"]["round"]["findFirst"]>[0]>,
) {
  for (let i = 0; i < 100; i++) {
    const found = await database!.db.round.findFirst(query);
    if (found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no round ${what}`);
}

describe("rounds and players pages", () => {
  it("finds the player, adjusts the balance, bans them: their sessions end", async () => {
    const db = database!.db;
    // The player has a session of their own.
    await db.session.create({
      data: {
        id: "records-e2e",
        token: "records-e2e-token",
        userId: playerId,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    await page.goto(`${stack!.app.url}/players`);
    await hydrated(page);
    await page.getByLabel("Name or e-mail").fill("player@demo");
    await page.getByTestId("players-search").click();
    await page.waitForURL((url) => url.searchParams.get("query") === "player@demo");
    const row = page.locator(`[data-testid="player-row"][data-player-id="${playerId}"]`);
    await row.getByRole("link").click();
    await page.waitForURL(`**/players/${playerId}`);
    const balance = page.getByTestId("balance");
    await balance.waitFor();
    const before = await balance.innerText();

    await page.getByLabel("Points (+ credit, − debit)").fill("25");
    await page.locator('input[name="adjustReason"]').fill("goodwill gesture");
    await page.getByRole("button", { name: "Adjust" }).click();
    // Each form's message right below it, not in one place for the whole page.
    const messageOf = (form: string) =>
      page.locator(`[data-testid="form-${form}"] + [data-testid="message-${form}"]`);
    await messageOf("adjust").filter({ hasText: "Balance adjusted." }).waitFor();
    expect(await messageOf("adjust").getAttribute("role")).toBe("status");
    expect(await page.getByTestId("message-ban").count()).toBe(0);
    expect(await balance.innerText()).not.toBe(before);
    const adjusted = await db.auditEntry.findFirstOrThrow({
      where: { action: "players.adjust", targetId: playerId },
    });
    expect(adjusted.reason).toBe("goodwill gesture");
    expect(adjusted.after).toMatchObject({ amount: 2_500 });

    // A debit larger than the wallet: refused, the field named.
    await page.getByLabel("Points (+ credit, − debit)").fill("-99999999");
    await page.locator('input[name="adjustReason"]').fill("too much");
    await page.getByRole("button", { name: "Adjust" }).click();
    await messageOf("adjust").filter({ hasText: "amount:" }).waitFor();
    expect(await messageOf("adjust").getAttribute("role")).toBe("alert");

    // The Ban button is the portal's button in red: the shared button's size and weight.
    expect(await buttonLook("Ban")).toBe(await buttonLook("Adjust"));

    await page.locator('input[name="banReason"]').fill("abuse of the chat");
    // Asked first: Cancel bans no one, ends no session and audits nothing.
    await page.getByRole("button", { name: "Ban" }).click();
    const asked = page.getByRole("dialog", { name: "Ban Demo Player?" });
    expect(
      await asked
        .getByRole("button", { name: "Cancel" })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await asked.getByRole("button", { name: "Cancel" }).click();
    await asked.waitFor({ state: "hidden" });
    expect(await db.session.count({ where: { userId: playerId } })).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: playerId } })).banned).toBe(false);
    expect(await db.auditEntry.count({ where: { action: "players.ban" } })).toBe(0);
    expect(await page.getByTestId("message-ban").count()).toBe(0);

    await page.getByRole("button", { name: "Ban" }).click();
    await asked.getByRole("button", { name: "Ban player" }).click();
    await messageOf("ban").filter({ hasText: "sessions have ended" }).waitFor();
    // Only the latest action speaks: the adjustment's refusal is gone from beside its form.
    expect(await page.getByTestId("message-adjust").count()).toBe(0);
    expect(await db.session.count({ where: { userId: playerId } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: playerId } })).banned).toBe(true);
    await page.getByRole("button", { name: "Unban" }).waitFor();
  }, 60_000);

  it("lists rounds newest first and opens one's record", async () => {
    const db = database!.db;
    // The newest: the first page holds it however many rounds the dealers opened before.
    const round = await roundOnceThere("opened", { orderBy: { openedAt: "desc" } });
    await page.goto(`${stack!.app.url}/rounds`);
    await hydrated(page);
    const row = page.locator(`[data-testid="round-row"][data-round-id="${round.id}"]`);
    await row.waitFor();
    const listed = await page
      .locator('[data-testid="round-row"]')
      .evaluateAll((rows) => rows.map((listedRow) => listedRow.getAttribute("data-round-id")!));
    const opened = await db.round.findMany({
      where: { id: { in: listed } },
      select: { id: true, openedAt: true },
    });
    const openedAt = new Map(opened.map((each) => [each.id, each.openedAt.getTime()]));
    const times = listed.map((id) => openedAt.get(id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The pager's buttons are the portal's button (its size and weight), in their lighter colours.
    expect(await buttonLook("Older")).toBe(await buttonLook("Search"));
    await row.getByRole("link").click();
    await page.waitForURL(`**/rounds/${round.id}`);
    const record = page.getByTestId("round-record");
    await record.waitFor();
    expect(await record.getAttribute("data-round-id")).toBe(round.id);
    expect(await page.getByTestId("phase").innerText()).toMatch(/betting|dealing|settled/);
  });

  it("fits the player's page and a settled round's page to a 375 px phone: only data tables scroll, in their own box", async () => {
    const round = await roundOnceThere("settled", { where: { phase: "settled" } });
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      for (const [path, testId] of [
        [`/players/${playerId}`, "entries"],
        [`/rounds/${round.id}`, "transfers"],
      ] as const) {
        await page.goto(`${stack!.app.url}${path}`);
        await hydrated(page);
        await page.getByTestId(testId).waitFor();
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          path,
        ).toBeLessThanOrEqual(0);
      }
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it("sorts rounds on the server by the heading clicked: round number, down then up", async () => {
    const db = database!.db;
    await page.goto(`${stack!.app.url}/rounds`);
    await hydrated(page);
    await page.getByTestId("round-row").first().waitFor();
    const numbers = async () => {
      const ids = await page
        .getByTestId("round-row")
        .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-round-id")!));
      const rounds = await db.round.findMany({ where: { id: { in: ids } } });
      const numberOf = new Map(rounds.map((round) => [round.id, round.number]));
      return ids.map((id) => numberOf.get(id)!);
    };
    const heading = page.getByTestId("sort-number");
    // The highest number dealt so far heads the page sorted down: the whole search is sorted on
    // the server, not the page shown (rounds go on opening meanwhile: at least this one).
    const highest = (await db.round.findFirstOrThrow({ orderBy: { number: "desc" } })).number;
    await heading.click();
    await page.locator('th[aria-sort="descending"] [data-testid="sort-number"]').waitFor();
    await expect
      .poll(numbers, { timeout: 10_000 })
      .toSatisfy(
        (down: number[]) =>
          down[0]! >= highest && down.every((n, i) => i === 0 || down[i - 1]! >= n),
      );

    await heading.click();
    await page.locator('th[aria-sort="ascending"] [data-testid="sort-number"]').waitFor();
    await expect
      .poll(numbers, { timeout: 10_000 })
      .toSatisfy((up: number[]) => up[0] === 1 && up.every((n, i) => i === 0 || up[i - 1]! <= n));
  });

  it("keeps the page in the address: Older, a reload, Back, Forward and Newer", async () => {
    // More rounds than a page (25) holds: copies of a settled round, an hour back and older, so
    // the dealers' new rounds stay on the newest page.
    const db = database!.db;
    const settled = await until(
      "a settled round",
      async () => (await db.round.findFirst({ where: { phase: "settled" } })) ?? undefined,
    );
    await db.$executeRaw`
      INSERT INTO rounds (id, table_id, shoe_id, number, phase, betting_closes_at, state, cards,
                          outcome, version, moves, opened_at, closed_at, settled_at)
      SELECT gen_random_uuid(), table_id, shoe_id, number + 1000 + n, phase,
             betting_closes_at - make_interval(hours => n), state, cards, outcome, version, moves,
             opened_at - make_interval(hours => n), closed_at - make_interval(hours => n),
             settled_at - make_interval(hours => n)
      FROM rounds, generate_series(1, 30) AS n WHERE id = ${settled.id}::uuid`;
    const shown = () =>
      page
        .getByTestId("round-row")
        .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-round-id")!));
    const pages = (url: URL) => url.searchParams.get("pages");
    await page.goto(`${stack!.app.url}/rounds`);
    await hydrated(page);
    await page.getByTestId("round-row").first().waitFor();
    const newest = await shown();

    await page.getByRole("button", { name: "Older", exact: true }).click();
    await page.waitForURL((url) => pages(url) !== null);
    await expect.poll(shown).not.toEqual(newest);
    const older = await shown();
    expect(older.some((id) => newest.includes(id))).toBe(false);

    // The older page is the address's: a reload shows it again, not the newest.
    await page.reload();
    await hydrated(page);
    await expect.poll(shown).toEqual(older);

    await page.goBack();
    await page.waitForURL((url) => pages(url) === null);
    await expect.poll(shown).toSatisfy((rows: string[]) => !rows.some((id) => older.includes(id)));
    await page.goForward();
    await page.waitForURL((url) => pages(url) !== null);
    await expect.poll(shown).toEqual(older);

    await page.getByRole("button", { name: "Newer", exact: true }).click();
    await page.waitForURL((url) => pages(url) === null);
    await expect.poll(shown).toSatisfy((rows: string[]) => !rows.some((id) => older.includes(id)));
  }, 180_000);
});

describe("a rounds search kept in the page's address", () => {
  const first = { email: "first-bettor@test.fuda", id: "first-bettor", rounds: [] as string[] };
  const second = { email: "second-bettor@test.fuda", id: "second-bettor", rounds: [] as string[] };

  // Two players of their own: the first bet in two settled rounds, the second in a third. The
  // search reads the bets' rows alone, so they are written straight to settled rounds (the
  // dealers are done with those).
  beforeAll(async () => {
    const db = database!.db;
    const settled = await until("three settled rounds", async () => {
      const found = await db.round.findMany({ where: { phase: "settled" }, take: 3 });
      return found.length === 3 ? found : undefined;
    });
    first.rounds = [settled[0]!.id, settled[1]!.id].sort();
    second.rounds = [settled[2]!.id];
    for (const bettor of [first, second]) {
      await db.user.create({ data: { id: bettor.id, name: bettor.id, email: bettor.email } });
      for (const roundId of bettor.rounds) {
        await db.bet.create({
          data: {
            roundId,
            playerId: bettor.id,
            slipId: crypto.randomUUID(),
            requestId: roundId,
            line: 0,
            bet: "banker",
            stake: 1_000n,
            reserved: 1_000n,
            status: "settled",
            returned: 0n,
          },
        });
      }
    }
  }, 60_000);

  const playerField = () => page.getByLabel("Player (id or e-mail)");
  /** The round ids listed, in id order. */
  const listed = () =>
    page
      .getByTestId("round-row")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-round-id")!).sort());
  /** Waits until the rows are `bettor`'s rounds, and the player field says whose. */
  async function showsRoundsOf(bettor: typeof first) {
    await expect.poll(listed).toEqual(bettor.rounds);
    expect(await playerField().inputValue()).toBe(bettor.email);
  }
  const player = (url: URL) => url.searchParams.get("player");

  it("opens /rounds?player=… on that player's rounds alone, the field filled", async () => {
    await page.goto(`${stack!.app.url}/rounds?player=${first.email}`);
    await hydrated(page);
    await showsRoundsOf(first);

    // Values no field could hold, and names no field has, are left out: the rest is searched.
    await page.goto(
      `${stack!.app.url}/rounds?player=${second.email}&number=seven&from=yesterday&colour=red&sort=luck`,
    );
    await hydrated(page);
    await showsRoundsOf(second);
    expect(await page.getByLabel("Round no.").inputValue()).toBe("");
    expect(await page.getByLabel("From (UTC)").inputValue()).toBe("");
    // No refusal from the server: nothing bad was sent.
    expect(await page.getByTestId("portal").getByRole("alert").count()).toBe(0);
    await page.locator('th[aria-sort="descending"] [data-testid="sort-openedAt"]').waitFor();
  });

  it("puts a search in the address: Back returns the search before, Forward again, a reload keeps it", async () => {
    await page.goto(`${stack!.app.url}/rounds?player=${first.email}`);
    await hydrated(page);
    await showsRoundsOf(first);

    await playerField().fill(second.email);
    await page.getByTestId("rounds-search").click();
    await page.waitForURL((url) => player(url) === second.email);
    await showsRoundsOf(second);

    await page.goBack();
    await page.waitForURL((url) => player(url) === first.email);
    await showsRoundsOf(first);
    await page.goForward();
    await page.waitForURL((url) => player(url) === second.email);
    await showsRoundsOf(second);

    await page.reload();
    await hydrated(page);
    await showsRoundsOf(second);

    // The sort is in the address too, and Back returns to the usual order.
    await page.getByTestId("sort-number").click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "number");
    await page.locator('th[aria-sort="descending"] [data-testid="sort-number"]').waitFor();
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("sort"));
    await page.locator('th[aria-sort="descending"] [data-testid="sort-openedAt"]').waitFor();
    await showsRoundsOf(second);
  });

  it("links a player's page to every round they bet in", async () => {
    await page.goto(`${stack!.app.url}/players/${first.id}`);
    await hydrated(page);
    await page.getByTestId("their-rounds").click();
    await page.waitForURL((url) => url.pathname === "/rounds" && player(url) === first.email);
    await showsRoundsOf(first);
  });
});
