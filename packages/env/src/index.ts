import { z } from "zod";

/**
 * Start-up of our processes: reading their configuration, serving HTTP, and starting the apps
 * as child processes (the platform launcher and the tests both do).
 *
 * Reads an app's configuration from its environment, once, at start-up. A bad value is an
 * `EnvError` whose message is one line naming the variable and the rule it breaks.
 */
export class EnvError extends Error {
  override name = "EnvError";
}

export function loadEnv<Schema extends z.ZodObject>(
  schema: Schema,
  source: Record<string, string | undefined>,
): z.infer<Schema> {
  // Empty strings mean "unset", as in shells and compose files.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const value = source[name];
    return `${name}: ${issue.message}${value === undefined ? "" : ` (got "${value}")`}`;
  });
  throw new EnvError(`invalid configuration: ${problems.join("; ")}`);
}

/** A TCP port, 1–65535, with its default. */
export function port(fallback: number) {
  return z.coerce
    .number({ error: "must be a port number" })
    .int({ error: "must be a whole port number" })
    .min(1, { error: "must be between 1 and 65535" })
    .max(65535, { error: "must be between 1 and 65535" })
    .default(fallback);
}

/** A PostgreSQL connection URL. */
export const databaseUrl = z
  .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
  .refine((value) => /^postgres(?:ql)?:\/\/[^\s]+$/.test(value), {
    error: "must be a postgresql:// URL",
  });

/** An http(s) URL, e.g. another service's address. */
export const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });

/**
 * WEBHOOK_PRIVATE_TARGETS, read by every app that registers or delivers partners' webhooks:
 * `refuse` (the default) a webhook URL whose host is, or resolves to, an address that is not
 * public (loopback, private, link-local, cloud metadata…); `allow` it (tests, and receivers
 * inside our own network).
 */
export const webhookPrivateTargets = z
  .enum(["refuse", "allow"], { error: "must be refuse or allow" })
  .default("refuse");

/**
 * What every server reads about its telemetry (docs/operations.md, Logs and Metrics): the log
 * level and format, and how `/metrics` is reached — with METRICS_TOKEN as a bearer on the
 * server's own port (404 without it), and/or unauthenticated on METRICS_PORT, a listener of its
 * own for a scraper inside the cluster.
 */
export const telemetryEnv = {
  LOG_LEVEL: z
    .enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"], {
      error: "must be trace, debug, info, warn, error, fatal or silent",
    })
    .default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"], { error: "must be json or pretty" }).default("json"),
  METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  METRICS_PORT: port(0)
    .optional()
    .transform((value) => (value === 0 ? undefined : value)),
};

/**
 * Where the table events travel between nodes (docs/scaling.md, Events over NATS): set, NATS
 * JetStream carries them to every node; unset, each node reads PostgreSQL (LISTEN/NOTIFY).
 */
export const natsEnv = {
  NATS_URL: z
    .string()
    .refine(
      (list) =>
        list
          .split(",")
          .every((url) => URL.canParse(url) && /^(nats|tls):$/.test(new URL(url).protocol)),
      { error: "must be nats:// or tls:// URLs, comma-separated" },
    )
    .optional(),
  /** The JetStream stream of the table events; one per deployment sharing a NATS. */
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, { error: "must be 1 to 32 letters, digits, _ or -" })
    .default("FUDA_EVENTS"),
};

/**
 * Where callers' paces are kept (docs/scaling.md, Shared limits): set, on Redis, shared by every
 * node; unset, in each process.
 */
export const redisEnv = {
  REDIS_URL: z
    .string()
    .refine((url) => URL.canParse(url) && /^rediss?:$/.test(new URL(url).protocol), {
      error: "must be a redis:// or rediss:// URL",
    })
    .optional(),
  /** Put before every key: one Redis may serve several deployments. */
  REDIS_PREFIX: z.string().default("fuda:pace:"),
};

/** For a process's entry point: the configuration `read` returns, or its one line and exit 1. */
export function readOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    return exitOnEnvError(error);
  }
}

/**
 * For a process's entry point: on an EnvError print its one line and exit 1 (no stack trace),
 * anything else is rethrown.
 */
export function exitOnEnvError(error: unknown): never {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

export { serve, type ServeOptions } from "./serve";
export { runNext, type RunNextOptions } from "./next";
export {
  serveNext,
  type NextServerLog,
  type NextServerTelemetry,
  type ServeNextOptions,
} from "./next-server";
export { freePort } from "./ports";
export { repoRoot } from "./paths";
export { spawnApp, type SpawnAppOptions, type SpawnedApp } from "./spawn";
export { acceptsGzip, requestPath } from "./http";
export { createPageCache, type PageCache, type PageCacheOptions } from "./page-cache";
