import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { readEnv } from "../src/env";

const DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/fuda";
const secretFile = () => join(mkdtempSync(join(tmpdir(), "fuda-env-")), "better-auth-secret");
const SECRET = "s".repeat(32);

describe("game API configuration", () => {
  it("defaults to port 4000 on 127.0.0.1, accounts served there for the local web and admin", () => {
    expect(readEnv({ DATABASE_URL, BETTER_AUTH_SECRET: SECRET })).toEqual({
      PORT: 4000,
      HOST: "127.0.0.1",
      DATABASE_URL,
      NODE_ENV: "development",
      BETTER_AUTH_SECRET: SECRET,
      BETTER_AUTH_URL: "http://127.0.0.1:4000",
      AUTH_TRUSTED_ORIGINS: [
        "http://127.0.0.1:3000",
        "http://127.0.0.1:3001",
        "http://localhost:3000",
        "http://localhost:3001",
      ],
      // The dealer deals, a card a second, a result shown 4 s, each table's own countdown.
      DEALER: "on",
      // Every role on one node; events over LISTEN/NOTIFY (no NATS_URL).
      ROLES: ["dealing", "api", "stream"],
      NATS_STREAM: "FUDA_EVENTS",
      // Paces in this process (no REDIS_URL): twenty slips a second per player, forty at once.
      REDIS_PREFIX: "fuda:pace:",
      BET_PACE: { perSecond: 20, burst: 40 },
      DEAL_DELAY_MS: 1_000,
      RESULT_PAUSE_MS: 4_000,
      // The apps' relays on this machine name the caller; 60 new accounts an address in 10 min,
      // 20 wrong passwords a minute.
      TRUSTED_PROXIES: ["127.0.0.1", "::1"],
      AUTH_NEW_ACCOUNTS_PER_ADDRESS: 60,
      AUTH_FAILURES_PER_ADDRESS: 20,
      // One process serves, without a cluster primary.
      GAME_API_WORKERS: 1,
      // No webhook registered on localhost or a private address.
      WEBHOOK_PRIVATE_TARGETS: "refuse",
      // JSON lines at info; /metrics closed (no METRICS_TOKEN, no METRICS_PORT).
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    });
  });

  it("reads ROLES as a comma-separated list of dealing, api and stream, and NATS_URL as nats:// URLs", () => {
    expect(readEnv({ DATABASE_URL, ROLES: "stream" }).ROLES).toEqual(["stream"]);
    expect(readEnv({ DATABASE_URL, ROLES: "dealing, api" }).ROLES).toEqual(["dealing", "api"]);
    expect(() => readEnv({ DATABASE_URL, ROLES: "stream,feed" })).toThrow(
      /ROLES.*must be dealing, api, stream, comma-separated/,
    );
    expect(
      readEnv({ DATABASE_URL, NATS_URL: "nats://10.0.0.1:4222,nats://10.0.0.2:4222" }).NATS_URL,
    ).toBe("nats://10.0.0.1:4222,nats://10.0.0.2:4222");
    expect(() => readEnv({ DATABASE_URL, NATS_URL: "http://127.0.0.1:4222" })).toThrow(
      "NATS_URL: must be nats:// or tls:// URLs, comma-separated",
    );
    expect(() => readEnv({ DATABASE_URL, NATS_STREAM: "fuda events" })).toThrow("NATS_STREAM");
  });

  it("reads BET_PACE as slips a second and at once, and REDIS_URL as a redis:// URL", () => {
    expect(readEnv({ DATABASE_URL, BET_PACE: "2.5/5" }).BET_PACE).toEqual({
      perSecond: 2.5,
      burst: 5,
    });
    expect(() => readEnv({ DATABASE_URL, BET_PACE: "10" })).toThrow(
      "BET_PACE: must be <slips a second>/<slips at once>, e.g. 10/20",
    );
    expect(() => readEnv({ DATABASE_URL, BET_PACE: "0/5" })).toThrow("BET_PACE");
    expect(readEnv({ DATABASE_URL, REDIS_URL: "redis://10.0.0.3:6379" }).REDIS_URL).toBe(
      "redis://10.0.0.3:6379",
    );
    expect(() => readEnv({ DATABASE_URL, REDIS_URL: "http://10.0.0.3" })).toThrow(
      "REDIS_URL: must be a redis:// or rediss:// URL",
    );
  });

  it("refuses a METRICS_TOKEN under 16 characters and a LOG_LEVEL it does not know; reads METRICS_PORT as a port", () => {
    expect(() => readEnv({ DATABASE_URL, METRICS_TOKEN: "short" })).toThrow(
      "METRICS_TOKEN: must be at least 16 characters",
    );
    expect(readEnv({ DATABASE_URL, METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
    expect(() => readEnv({ DATABASE_URL, LOG_LEVEL: "loud" })).toThrow("LOG_LEVEL: must be");
  });

  it("reads TRUSTED_PROXIES as addresses and CIDR ranges, and refuses a name", () => {
    expect(
      readEnv({ DATABASE_URL, TRUSTED_PROXIES: "10.0.0.5, ::1, 172.16.0.0/12" }).TRUSTED_PROXIES,
    ).toEqual(["10.0.0.5", "::1", "172.16.0.0/12"]);
    expect(() => readEnv({ DATABASE_URL, TRUSTED_PROXIES: "ingress.local" })).toThrow(
      /TRUSTED_PROXIES.0: must be IP addresses or CIDR ranges/,
    );
  });

  it("reads AUTH_FAILURES_PER_ADDRESS as a number of attempts, and refuses 0", () => {
    expect(
      readEnv({ DATABASE_URL, AUTH_FAILURES_PER_ADDRESS: "50" }).AUTH_FAILURES_PER_ADDRESS,
    ).toBe(50);
    expect(() => readEnv({ DATABASE_URL, AUTH_FAILURES_PER_ADDRESS: "0" })).toThrow(
      /AUTH_FAILURES_PER_ADDRESS: must be at least 1/,
    );
  });

  it("reads GAME_API_WORKERS as a number of processes or auto, and refuses 0", () => {
    expect(readEnv({ DATABASE_URL, GAME_API_WORKERS: "3" }).GAME_API_WORKERS).toBe(3);
    expect(readEnv({ DATABASE_URL, GAME_API_WORKERS: "auto" }).GAME_API_WORKERS).toBe("auto");
    expect(() => readEnv({ DATABASE_URL, GAME_API_WORKERS: "0" })).toThrow(
      /GAME_API_WORKERS: must be at least 1/,
    );
  });

  it("without BETTER_AUTH_SECRET, development makes one, keeps it owner-only and reuses it", () => {
    const file = secretFile();
    const first = readEnv({ DATABASE_URL }, { secretFile: () => file }).BETTER_AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(readEnv({ DATABASE_URL }, { secretFile: () => file }).BETTER_AUTH_SECRET).toBe(first);
    expect(readEnv({ DATABASE_URL }, { secretFile }).BETTER_AUTH_SECRET).not.toBe(first);
  });

  it("production refuses to start without BETTER_AUTH_SECRET, and a short one anywhere", () => {
    expect(() => readEnv({ DATABASE_URL, NODE_ENV: "production" }, { secretFile })).toThrow(
      "invalid configuration: BETTER_AUTH_SECRET: is required in production",
    );
    expect(() => readEnv({ DATABASE_URL, BETTER_AUTH_SECRET: "short" })).toThrow(
      'invalid configuration: BETTER_AUTH_SECRET: must be at least 32 characters (got "short")',
    );
  });

  it("reads the trusted origins as a comma-separated list of origins", () => {
    const env = readEnv({
      DATABASE_URL,
      BETTER_AUTH_SECRET: SECRET,
      AUTH_TRUSTED_ORIGINS: "https://play.example.com/, https://ops.example.com",
    });
    expect(env.AUTH_TRUSTED_ORIGINS).toEqual([
      "https://play.example.com",
      "https://ops.example.com",
    ]);
    expect(() =>
      readEnv({ DATABASE_URL, BETTER_AUTH_SECRET: SECRET, AUTH_TRUSTED_ORIGINS: "ftp://x" }),
    ).toThrow(/AUTH_TRUSTED_ORIGINS/);
  });

  it("reads the dealer's pace, and refuses a pace that is not a whole number of milliseconds", () => {
    const pace = readEnv({
      DATABASE_URL,
      BETTER_AUTH_SECRET: SECRET,
      DEALER: "off",
      DEAL_DELAY_MS: "0",
      BETTING_WINDOW_MS: "500",
    });
    expect(pace).toMatchObject({ DEALER: "off", DEAL_DELAY_MS: 0, BETTING_WINDOW_MS: 500 });
    const refused = (env: Record<string, string>) => () =>
      readEnv({ DATABASE_URL, BETTER_AUTH_SECRET: SECRET, ...env });
    expect(refused({ DEAL_DELAY_MS: "-3" })).toThrow("DEAL_DELAY_MS: must be 0 or more");
    expect(refused({ RESULT_PAUSE_MS: "1.5" })).toThrow(/RESULT_PAUSE_MS: must be a whole number/);
    expect(refused({ BETTING_WINDOW_MS: "0" })).toThrow(/BETTING_WINDOW_MS: must be at least 1/);
    expect(refused({ DEALER: "maybe" })).toThrow(/DEALER: must be on or off/);
  });

  it("refuses webhooks registered on private addresses unless WEBHOOK_PRIVATE_TARGETS=allow", () => {
    const read = (env: Record<string, string>) =>
      readEnv({ DATABASE_URL, BETTER_AUTH_SECRET: SECRET, ...env });
    expect(read({}).WEBHOOK_PRIVATE_TARGETS).toBe("refuse");
    expect(read({ WEBHOOK_PRIVATE_TARGETS: "allow" }).WEBHOOK_PRIVATE_TARGETS).toBe("allow");
    expect(() => read({ WEBHOOK_PRIVATE_TARGETS: "off" })).toThrow(
      /WEBHOOK_PRIVATE_TARGETS: must be refuse or allow \(got "off"\)/,
    );
  });

  it("a bad value stops the server with one line naming the variable", () => {
    const result = spawnSync("pnpm", ["exec", "tsx", "src/main.ts"], {
      env: { ...process.env, PORT: "http", DATABASE_URL: "postgresql://postgres@127.0.0.1:1/x" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      'invalid configuration: PORT: must be a port number (got "http")',
    ]);
    // A whole tsx process loading better-auth: seconds, and over 30 s on a loaded CI machine.
  }, 120_000);
});
