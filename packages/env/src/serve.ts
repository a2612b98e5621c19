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
  /** Where its start and failure lines go (a pino logger); stdout and stderr by default. */
  log?: { info(message: string): void; error(message: string): void };
}

/**
 * Listens, says where, and on SIGINT/SIGTERM stops taking connections, releases its resources
 * and exits 0. A port it cannot take is one line and exit 1.
 */
export function serve(server: Server, options: ServeOptions): void {
  const { name, host, port, banner = "", onClose } = options;
  const log = options.log ?? {
    info: (message: string) => process.stdout.write(`${message}\n`),
    error: (message: string) => process.stderr.write(`${message}\n`),
  };
  server.listen(port, host, () => {
    log.info(`${name} listening on http://${host}:${port}${banner}`);
  });
  server.on("error", (error) => {
    log.error(`${name}: cannot listen on ${host}:${port}: ${error.message}`);
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
