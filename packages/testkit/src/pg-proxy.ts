import { createServer, Socket } from "node:net";
import type { AddressInfo, Server } from "node:net";

export interface PgProxy {
  /** `databaseUrl` rewritten to go through the proxy. */
  url: string;
  /** The database goes away: open connections are cut and new ones refused. */
  stop(): Promise<void>;
  /** The database is back on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of a real PostgreSQL that a test can stop and start again, so a client
 * sees its database vanish mid-stream (cut connections, then refused ones) and come back.
 */
export async function startPgProxy(databaseUrl: string): Promise<PgProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = async (): Promise<void> => {
    const next = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        resolve();
      });
    });
    port = (next.address() as AddressInfo).port;
    server = next;
  };

  const stop = async (): Promise<void> => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (current !== undefined) await new Promise((resolve) => current.close(resolve));
  };

  await listen();
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return { url: url.toString(), stop, start: listen, close: stop };
}
