import { gzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startPlatform } from "./platform";
import type { Platform } from "./platform";

// The production build, as `next start` serves it: a page's first-load JavaScript is every
// script its HTML loads, measured gzipped as a browser downloads it.
let platform: Platform | undefined;

beforeAll(async () => {
  platform = await startPlatform();
});

afterAll(async () => {
  await platform?.stop();
});

/** The gzipped size in bytes of every script a page's HTML loads, once each. */
async function firstLoadJs(path: string): Promise<{ bytes: number; scripts: number }> {
  const html = await (await fetch(`${platform!.app.url}${path}`)).text();
  const sources = new Set(
    [...html.matchAll(/<script([^>]*)>/g)]
      // Legacy browsers' polyfills (`nomodule`): a current browser never downloads them.
      .filter(([, attributes]) => !/\bnomodule\b/i.test(attributes!))
      .map(([, attributes]) => /\bsrc="([^"]+\.js)"/.exec(attributes!)?.[1])
      .filter((source) => source !== undefined),
  );
  let bytes = 0;
  for (const source of sources) {
    const response = await fetch(new URL(source, platform!.app.url));
    expect(response.status, source).toBe(200);
    bytes += gzipSync(Buffer.from(await response.arrayBuffer())).length;
  }
  // The figures, for the record of each run (docs and closing notes quote them).
  console.info(
    `first-load JS ${path}: ${(bytes / 1000).toFixed(1)} kB gzip, ${sources.size} scripts`,
  );
  return { bytes, scripts: sources.size };
}

const KB = 1_000;

describe("bundle budget", () => {
  it("the lobby's first-load JavaScript is at most 150 kB gzipped", async () => {
    const lobby = await firstLoadJs("/");
    expect(lobby.scripts).toBeGreaterThan(0);
    expect(lobby.bytes).toBeLessThanOrEqual(150 * KB);
  });

  it("a table page's first-load JavaScript is at most 220 kB gzipped", async () => {
    for (const slug of ["baccarat-a", "pok-deng", "joker-blackjack"]) {
      const table = await firstLoadJs(`/tables/${slug}`);
      expect(table.scripts, slug).toBeGreaterThan(0);
      expect(table.bytes, slug).toBeLessThanOrEqual(220 * KB);
    }
  });

  it("the fairness page's first-load JavaScript is at most 220 kB gzipped", async () => {
    const fairness = await firstLoadJs("/fairness");
    expect(fairness.scripts).toBeGreaterThan(0);
    expect(fairness.bytes).toBeLessThanOrEqual(220 * KB);
  });

  it("the quick game page's first-load JavaScript is at most 220 kB gzipped", async () => {
    // Signed out it renders the guest's way in; the game's own component is in the same bundle.
    const quick = await firstLoadJs("/quick");
    expect(quick.scripts).toBeGreaterThan(0);
    expect(quick.bytes).toBeLessThanOrEqual(220 * KB);
  });
});
