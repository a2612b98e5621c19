import { httpUrl, loadEnv, port, readOrExit } from "@fuda/env";
import { z } from "zod";

export const envSchema = z.object({
  HOST: z.string().default("127.0.0.1"),
  PORT: port(3001),
  GAME_API_URL: httpUrl.default("http://127.0.0.1:4000/trpc"),
});

export type Env = z.infer<typeof envSchema>;

/** The portal's whole configuration; next.config.ts imports this so a bad value stops startup. */
export const env: Env = readOrExit(() => loadEnv(envSchema, process.env));
