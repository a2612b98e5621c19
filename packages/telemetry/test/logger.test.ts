import { Writable } from "node:stream";

import { describe, expect, it } from "vitest";

import { createLogger, requestIdOf, withRequestId } from "../src";

/** A logger writing JSON lines into memory. */
function memoryLogger() {
  let text = "";
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const log = createLogger("test", { level: "debug", format: "json", destination });
  return {
    log,
    text: () => text,
    lines: () =>
      text
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe("redaction", () => {
  it("secrets under known keys, at any depth, and e-mails, bearer tokens and session cookies in any text never reach the output", () => {
    const { log, text, lines } = memoryLogger();
    log.info(
      {
        password: "hunter2-password",
        user: { email: "ann@example.com", name: "Ann" },
        body: { newPassword: "n3w-p4ssw0rd", apiKey: "sk_live_abcdef" },
        req: {
          headers: {
            cookie: "better-auth.session_token=abc.def",
            authorization: "Bearer partnerkey123456",
          },
        },
        detail: "sign-in of bob@example.org failed",
      },
      "call from carol@example.net with Bearer tok_9876543210",
    );
    log.error(new Error("cannot deliver to dave@example.com"));
    log.warn(
      "url was https://x.test/?token=s3cr3t-t0ken&ok=1 cookie __Secure-better-auth.session_token=zzz",
    );
    const output = text();
    for (const secret of [
      "hunter2-password",
      "ann@example.com",
      "n3w-p4ssw0rd",
      "sk_live_abcdef",
      "abc.def",
      "partnerkey123456",
      "bob@example.org",
      "carol@example.net",
      "tok_9876543210",
      "dave@example.com",
      "s3cr3t-t0ken",
      "zzz",
    ]) {
      expect(output).not.toContain(secret);
    }
    const [first] = lines();
    // What is not secret stays readable.
    expect(first).toMatchObject({ user: { name: "Ann" }, service: "test", level: 30 });
    expect(first!.msg).toBe("call from [email] with Bearer [redacted]");
    expect(first!.password).toBe("[redacted]");
  });
});

describe("request ids", () => {
  it("every line written while a request is handled carries its id, and only then", async () => {
    const { log, lines } = memoryLogger();
    log.info("before");
    await withRequestId("req-1", async () => {
      log.info("inside");
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.info("after a wait");
    });
    log.info("after");
    expect(lines().map((line) => [line.msg, line.requestId])).toEqual([
      ["before", undefined],
      ["inside", "req-1"],
      ["after a wait", "req-1"],
      ["after", undefined],
    ]);
  });

  it("a caller's x-request-id is kept when it is a short token, else a new id is made", () => {
    expect(requestIdOf({ "x-request-id": "lb-7f3a.9" })).toBe("lb-7f3a.9");
    for (const bad of ['a"b', "a b", "x".repeat(129), "line\nbreak", ""]) {
      expect(requestIdOf({ "x-request-id": bad })).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdOf({})).toMatch(/^[0-9a-f-]{36}$/);
  });
});
