import type { Server } from "node:http";

export interface ServeOptions {
  /** The service's name, in its log lines. */
  name: string;
  host: string;
  port: number;
  /** What to print after the address, e.g. "/trpc" or " (reference at /docs)". */
  banner?: string;
  /** Releases what the service holds (its database client) after the server has closed. */
  onClose?: () => Promise<unknown>;
}

/**
 * Listens, says where, and on SIGINT/SIGTERM stops taking connections, releases its resources
 * and exits 0. A port it cannot take is one line and exit 1.
 */
export function serve(server: Server, options: ServeOptions): void {
  const { name, host, port, banner = "", onClose } = options;
  server.listen(port, host, () => {
    process.stdout.write(`${name} listening on http://${host}:${port}${banner}\n`);
  });
  server.on("error", (error) => {
    process.stderr.write(`${name}: cannot listen on ${host}:${port}: ${error.message}\n`);
    process.exit(1);
  });
  const shutdown = (): void => {
    server.close();
    server.closeAllConnections();
    // A database that is already gone can leave a disconnect hanging: never wait past 3 s.
    const released = Promise.race([
      onClose?.(),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
    void released.finally(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}
