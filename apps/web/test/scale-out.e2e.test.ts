/**
 * The players' pages with the game API split by role (docs/scaling.md): one node deals and
 * serves the API, a stream edge serves the event streams, events travel over NATS JetStream,
 * and the web app relays streams to the edge (GAME_API_STREAM_URL). A player sees nothing of it.
 */
import { freePort, hydrated, startGameApi, startNatsServer, until } from "@fuda/testkit";
import type { NatsServer, SpawnedApp } from "@fuda/testkit";
import { afterAll, beforeAll, expect, it } from "vitest";

import { FAST_DEALER, startPlatform, watchProblems } from "./platform";
import type { Platform } from "./platform";

let nats: NatsServer | undefined;
let platform: Platform | undefined;
let edge: SpawnedApp | undefined;

beforeAll(async () => {
  nats = await startNatsServer();
  const edgePort = await freePort();
  platform = await startPlatform(
    { ...FAST_DEALER, BETTING_WINDOW_MS: "6000", NATS_URL: nats.url, ROLES: "dealing,api" },
    { GAME_API_STREAM_URL: `http://127.0.0.1:${edgePort}/trpc` },
  );
  edge = await startGameApi({
    databaseUrl: platform.database.url,
    port: edgePort,
    env: { AUTH_TRUSTED_ORIGINS: platform.app.url, NATS_URL: nats.url, ROLES: "stream" },
  });
}, 180_000);

afterAll(async () => {
  await edge?.stop();
  await platform?.stop();
  await nats?.close();
});

/** The routes a node logged requests for (its `request` lines). */
const routes = (app: SpawnedApp): Set<string> =>
  new Set([...app.output().matchAll(/"route":"([^"]+)"/g)].map((match) => match[1]!));

it("a guest plays a baccarat round with the streams from a stream edge and the bets through the API node: the lobby and table are live, the bet settles on the page", async () => {
  const context = await platform!.browser.newContext({ locale: "en-US" });
  const problems = watchProblems(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(platform!.app.url);
  await hydrated(page);
  await page.locator('[data-testid="connection"][data-connection="live"]').waitFor();
  await page.getByRole("button", { name: "Play as guest" }).click();
  await page.locator('[data-testid="account"][data-signed-in="true"]').waitFor();
  await page.goto(`${platform!.app.url}/tables/baccarat-a`);
  await hydrated(page);
  await page.locator('[data-testid="table-page"][data-connection="live"]').waitFor();
  // A round with time to bet in.
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="phase"]')?.getAttribute("data-phase") === "betting" &&
      Number(
        document.querySelector('[data-testid="countdown"]')?.getAttribute("data-seconds") ?? -1,
      ) >= 3,
    undefined,
    { polling: 100 },
  );
  const roundId = await page.getByTestId("table-page").getAttribute("data-round");
  await page.getByRole("radio", { name: "Chip of 10 points" }).click();
  await page.locator('[data-testid="spot"][data-bet="banker"]').click();
  await page.locator('[data-testid="spot"][data-bet="banker"][data-stake="1000"]').waitFor();
  // The settlement is the player's own event: it comes through the edge's stream.
  await page.waitForFunction(
    (id) =>
      document.querySelector(
        `[data-testid="table-page"][data-round="${id}"] [data-testid="own-result"]`,
      ) !== null,
    roundId,
    { polling: 100 },
  );
  expect(problems).toEqual([]);
  // A stream's request line is written when it ends: leave the page.
  await context.close();
  await until("the table's stream ended on the edge", () =>
    Promise.resolve(routes(edge!).has("tables.events") ? true : undefined),
  );
  // The streams went to the edge, the bet to the API node, and neither the other way.
  const onEdge = routes(edge!);
  const onApi = routes(platform!.gameApi);
  expect(onEdge).toContain("tables.events");
  expect(onEdge).toContain("tables.watch");
  expect(onEdge).not.toContain("bets.place");
  expect(onApi).toContain("bets.place");
  expect(onApi).not.toContain("tables.events");
  expect(onApi).not.toContain("tables.watch");
}, 120_000);
