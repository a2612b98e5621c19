import type { AddressInfo } from "node:net";

import { describe, expect, it } from "vitest";

import { createAuth } from "@fuda/auth";
import { createTestDatabase } from "@fuda/db/testing";

import { createGameApiServer } from "../src/server";
import { WEB_ORIGIN } from "./http";

describe("an unexpected failure of the accounts endpoints", () => {
  it("answers 500 'Internal server error' and logs the cause in one line for the operator", async () => {
    const broken = await createTestDatabase();
    const lines: string[] = [];
    const auth = createAuth({
      db: broken.db,
      secret: "test-secret-test-secret-test-secret",
      baseURL: "http://127.0.0.1",
      trustedOrigins: [WEB_ORIGIN],
      logLine: (line) => lines.push(line),
    });
    const server = createGameApiServer({
      db: broken.db,
      auth,
      logError: (line) => lines.push(line),
    });
    try {
      await broken.db.$executeRawUnsafe("DROP TABLE users CASCADE");
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const port = (server.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: WEB_ORIGIN },
        body: JSON.stringify({ email: "a@example.com", password: "whatever-password" }),
      });
      expect(response.status).toBe(500);
      const requestId = response.headers.get("x-request-id");
      expect(await response.json()).toEqual({
        message: "Internal server error",
        code: "INTERNAL_SERVER_ERROR",
        requestId,
      });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^game-api: POST \/api\/auth\/sign-in\/email failed: .*users/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await broken.drop();
    }
  });
});
