import { httpUrl, loadEnv, port, readOrExit, telemetryEnv } from "@fuda/env";
import { frameAncestors } from "@fuda/env/security-headers";
import { z } from "zod";

export const envSchema = z.object({
  HOST: z.string().default("127.0.0.1"),
  PORT: port(3001),
  GAME_API_URL: httpUrl.default("http://127.0.0.1:4000/trpc"),
  /** Where table streams are relayed (`stream` nodes, docs/scaling.md); unset: GAME_API_URL. */
  GAME_API_STREAM_URL: httpUrl.optional(),
  /** Origins whose pages may frame the portal (an operator's own back office); unset: none. */
  FRAME_ANCESTORS: frameAncestors,
  /** Set by `next dev` and `next start`; `development` lets React's dev tools use eval (CSP). */
  NODE_ENV: z
    .enum(["development", "test", "production"], {
      error: "must be development, test or production",
    })
    .default("production"),
  /** The production server's log lines (scripts/server.ts): level, and JSON or readable. */
  LOG_LEVEL: telemetryEnv.LOG_LEVEL,
  LOG_FORMAT: telemetryEnv.LOG_FORMAT,
});

export type Env = z.infer<typeof envSchema>;

/** The portal's whole configuration; next.config.ts imports this so a bad value stops startup. */
export const env: Env = readOrExit(() => loadEnv(envSchema, process.env));
