import { describe, expect, it } from "vitest";

import { EnvError } from "@fuda/env";

import { readEnv } from "../src/env";

const databaseUrl = "postgresql://postgres@127.0.0.1:5432/fuda";

describe("results-feed configuration", () => {
  it("listens on 127.0.0.1:4100 unless told otherwise", () => {
    const env = readEnv({ DATABASE_URL: databaseUrl });
    expect(env).toMatchObject({ HOST: "127.0.0.1", PORT: 4100, DATABASE_URL: databaseUrl });
    expect(env.PUBLIC_URL).toBeUndefined();
  });

  it("requires DATABASE_URL, naming it in one line", () => {
    expect(() => readEnv({})).toThrow(EnvError);
    expect(() => readEnv({})).toThrow(/^invalid configuration: DATABASE_URL: is required$/);
  });

  it("rejects a PORT that is not a port number, naming the variable and the value", () => {
    expect(() => readEnv({ DATABASE_URL: databaseUrl, PORT: "http" })).toThrow(
      /PORT: must be a port number \(got "http"\)/,
    );
    expect(() => readEnv({ DATABASE_URL: databaseUrl, PORT: "70000" })).toThrow(
      /PORT: must be between 1 and 65535/,
    );
  });

  it("takes PUBLIC_URL without its trailing slash, for the OpenAPI server URL", () => {
    const env = readEnv({ DATABASE_URL: databaseUrl, PUBLIC_URL: "https://feed.example.com/" });
    expect(env.PUBLIC_URL).toBe("https://feed.example.com");
    expect(() => readEnv({ DATABASE_URL: databaseUrl, PUBLIC_URL: "ftp://x" })).toThrow(
      /PUBLIC_URL: must be an http/,
    );
  });

  it("limits each partner key to 10 requests a second in bursts of 20 unless told otherwise", () => {
    expect(readEnv({ DATABASE_URL: databaseUrl })).toMatchObject({
      FEED_RATE_LIMIT: 10,
      FEED_RATE_BURST: 20,
    });
    expect(
      readEnv({ DATABASE_URL: databaseUrl, FEED_RATE_LIMIT: "50", FEED_RATE_BURST: "100" }),
    ).toMatchObject({ FEED_RATE_LIMIT: 50, FEED_RATE_BURST: 100 });
    expect(() => readEnv({ DATABASE_URL: databaseUrl, FEED_RATE_LIMIT: "0" })).toThrow(
      /FEED_RATE_LIMIT: must be at least 1/,
    );
    expect(() => readEnv({ DATABASE_URL: databaseUrl, FEED_RATE_BURST: "lots" })).toThrow(
      /FEED_RATE_BURST: must be a number/,
    );
  });

  it("refuses webhooks to addresses that are not public unless WEBHOOK_PRIVATE_TARGETS=allow", () => {
    expect(readEnv({ DATABASE_URL: databaseUrl }).WEBHOOK_PRIVATE_TARGETS).toBe("refuse");
    expect(
      readEnv({ DATABASE_URL: databaseUrl, WEBHOOK_PRIVATE_TARGETS: "allow" })
        .WEBHOOK_PRIVATE_TARGETS,
    ).toBe("allow");
    expect(() => readEnv({ DATABASE_URL: databaseUrl, WEBHOOK_PRIVATE_TARGETS: "yes" })).toThrow(
      /WEBHOOK_PRIVATE_TARGETS: must be refuse or allow \(got "yes"\)/,
    );
  });
});
