import { join } from "node:path";

import { z } from "zod";

import { developmentSecret } from "@fuda/auth";
import { repoRoot } from "@fuda/env";
import {
  databaseUrl,
  EnvError,
  httpUrl,
  loadEnv,
  natsEnv,
  port,
  redisEnv,
  telemetryEnv,
  webhookPrivateTargets,
} from "@fuda/env";

/** What a game API node may do (docs/scaling.md, Roles). */
export const ROLES = ["dealing", "api", "stream"] as const;
export type Role = (typeof ROLES)[number];

const origin = httpUrl.transform((url) => new URL(url).origin);

const duration = z.coerce
  .number({ error: "must be a number of milliseconds" })
  .int({ error: "must be a whole number of milliseconds" })
  .min(0, { error: "must be 0 or more" })
  .max(3_600_000, { error: "must be at most an hour" });
const milliseconds = (fallback: number) => duration.default(fallback);

export const envSchema = z.object({
  PORT: port(4000),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: databaseUrl,
  NODE_ENV: z
    .enum(["development", "test", "production"], {
      error: "must be development, test or production",
    })
    .default("development"),
  /** Signs session cookies. Required in production; elsewhere a per-machine one is made. */
  BETTER_AUTH_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  /** Where browsers' auth requests arrive (the game API itself unless behind a proxy). */
  BETTER_AUTH_URL: origin.optional(),
  /** The web and admin apps' origins, comma-separated: only they may use session cookies. */
  AUTH_TRUSTED_ORIGINS: z
    .string()
    .transform((list) => list.split(",").map((item) => item.trim()))
    .pipe(z.array(origin).min(1))
    .default([
      "http://127.0.0.1:3000",
      "http://127.0.0.1:3001",
      "http://localhost:3000",
      "http://localhost:3001",
    ]),
  /**
   * Peers whose X-Forwarded-For names the caller (the apps' relays, an ingress), comma-separated
   * addresses or CIDR ranges; sign-in throttling counts by the caller's address
   * (docs/accounts.md, Sign-in defences).
   */
  TRUSTED_PROXIES: z
    .string()
    .transform((list) => list.split(",").map((item) => item.trim()))
    .pipe(
      z
        .array(
          z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
            error: "must be IP addresses or CIDR ranges, comma-separated",
          }),
        )
        .min(1),
    )
    .default(["127.0.0.1", "::1"]),
  /** New accounts and guests one address may create in 10 minutes before it waits. */
  AUTH_NEW_ACCOUNTS_PER_ADDRESS: z.coerce
    .number({ error: "must be a number of accounts" })
    .int({ error: "must be a whole number of accounts" })
    .min(1, { error: "must be at least 1" })
    .default(60),
  /** Wrong passwords from one address, whatever the accounts, in a minute before it waits. */
  AUTH_FAILURES_PER_ADDRESS: z.coerce
    .number({ error: "must be a number of attempts" })
    .int({ error: "must be a whole number of attempts" })
    .min(1, { error: "must be at least 1" })
    .default(20),
  /**
   * Processes serving the API on one port (node:cluster), each with its own live runtime;
   * `auto`: one per CPU. 1: this process serves, without a primary.
   */
  GAME_API_WORKERS: z
    .union([
      z.literal("auto"),
      z.coerce
        .number({ error: "must be a number of processes or auto" })
        .int({ error: "must be a whole number of processes or auto" })
        .min(1, { error: "must be at least 1" })
        .max(64, { error: "must be at most 64" }),
    ])
    .default(1),
  /** `off`: this process serves the API but deals no table (another process does). */
  DEALER: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  /**
   * What this node does (docs/scaling.md, Roles), comma-separated: `dealing` (deals the tables
   * it can claim), `api` (accounts, bets, every procedure), `stream` (only the players' event
   * streams). All three by default; `DEALER=off` takes `dealing` away.
   */
  ROLES: z
    .string()
    .transform((list) => list.split(",").map((item) => item.trim()))
    .pipe(
      z
        .array(z.enum(ROLES, { error: `must be ${ROLES.join(", ")}, comma-separated` }))
        .min(1, { error: "must name at least one role" }),
    )
    .default([...ROLES]),
  ...natsEnv,
  ...redisEnv,
  /**
   * Each player's pace of bet slips and undos (docs/live-tables.md, Bets): `<per second>/<at
   * once>`; past it, 429 with the wait.
   */
  BET_PACE: z
    .string()
    .regex(/^\d+(\.\d+)?\/\d+$/, { error: "must be <slips a second>/<slips at once>, e.g. 10/20" })
    .transform((pace) => {
      const [perSecond, burst] = pace.split("/").map(Number);
      return { perSecond: perSecond!, burst: burst! };
    })
    .refine((pace) => pace.perSecond > 0 && pace.burst >= 1, {
      error: "must allow at least one slip",
    })
    .default({ perSecond: 20, burst: 40 }),
  /** Pause between two revealed cards, so people can watch. */
  DEAL_DELAY_MS: milliseconds(1_000),
  /** Pause after a settled round before the next one opens. */
  RESULT_PAUSE_MS: milliseconds(4_000),
  /** Overrides every table's betting window (tests, demos); unset: each table's countdown. */
  BETTING_WINDOW_MS: duration.min(1, { error: "must be at least 1" }).optional(),
  /** `refuse`: no webhook registered on localhost or a private address (SSRF); `allow`: tests. */
  WEBHOOK_PRIVATE_TARGETS: webhookPrivateTargets,
  ...telemetryEnv,
});

export type Env = Omit<z.infer<typeof envSchema>, "BETTER_AUTH_SECRET" | "BETTER_AUTH_URL"> & {
  BETTER_AUTH_SECRET: string;
  BETTER_AUTH_URL: string;
};

/** Where a developer's machine keeps its session secret (git-ignored, like the database). */
export const developmentSecretFile = (): string => join(repoRoot(), ".data", "better-auth-secret");

export function readEnv(
  source: Record<string, string | undefined> = process.env,
  { secretFile = developmentSecretFile }: { secretFile?: () => string } = {},
): Env {
  const env = loadEnv(envSchema, source);
  if (env.BETTER_AUTH_SECRET === undefined && env.NODE_ENV === "production") {
    // A made-up secret in production would sign out everyone at each restart and differ
    // between replicas.
    throw new EnvError("invalid configuration: BETTER_AUTH_SECRET: is required in production");
  }
  return {
    ...env,
    BETTER_AUTH_SECRET: env.BETTER_AUTH_SECRET ?? developmentSecret(secretFile()),
    BETTER_AUTH_URL: env.BETTER_AUTH_URL ?? `http://${env.HOST}:${env.PORT}`,
  };
}
