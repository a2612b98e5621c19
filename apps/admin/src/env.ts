import { exitOnEnvError, httpUrl, loadEnv, port } from "@fuda/env";
import { z } from "zod";

export const envSchema = z.object({
  HOST: z.string().default("127.0.0.1"),
  PORT: port(3001),
  GAME_API_URL: httpUrl.default("http://127.0.0.1:4000/trpc"),
});

export type Env = z.infer<typeof envSchema>;

function readEnv(): Env {
  try {
    return loadEnv(envSchema, process.env);
  } catch (error) {
    return exitOnEnvError(error);
  }
}

/** The portal's whole configuration; next.config.ts imports this so a bad value stops startup. */
export const env = readEnv();
