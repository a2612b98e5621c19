import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { describe, expect, it } from "vitest";

import { launchChromium } from "../src";

describe("launchChromium", () => {
  it("renders a page from a local server", async () => {
    const server = createServer((request, response) => response.end(`up ${request.url}`));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${port}/hello`);
      expect(await page.textContent("body")).toBe("up /hello");
    } finally {
      await browser.close();
      server.close();
    }
  });
});
