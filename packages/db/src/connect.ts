import pg from "pg";

import { asDatabaseUnavailable } from "./errors";

/**
 * A connected pg client; a failure to connect becomes `DatabaseUnavailableError`. The caller
 * calls `end()`.
 */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // A server going away mid-run surfaces as a failed query; without a listener it would crash.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw asDatabaseUnavailable(url, error) ?? error;
  }
  return client;
}

/** Runs `work` on a fresh connection to `url` and closes it. */
export async function withConnection<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = await connect(url);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
