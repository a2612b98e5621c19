import { describe, expect, it } from "vitest";

import { createDb } from "@fuda/db";

import { createAuth } from "../src";

const signIn = () =>
  new Request("http://127.0.0.1/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "a@example.com", password: "whatever-password" }),
  });

describe("better-auth's failures", () => {
  it("an unexpected one is thrown to the transport, with nothing printed by better-auth", async () => {
    const lines: string[] = [];
    const db = createDb("postgresql://nobody@127.0.0.1:1/x");
    const auth = createAuth({
      db,
      secret: "test-secret-test-secret-test-secret",
      baseURL: "http://127.0.0.1",
      trustedOrigins: [],
      logLine: (line) => lines.push(line),
    });
    try {
      await expect(auth.handler(signIn())).rejects.toThrow();
    } finally {
      await db.$disconnect();
    }
    for (const line of lines) expect(line).not.toContain("\n");
  });
});
