import { spawn } from "node:child_process";

export interface SpawnedApp {
  /** Resolves when the process exits, whoever stopped it. */
  exited: Promise<void>;
  /** Base URL the app answers on, e.g. http://127.0.0.1:40123 */
  url: string;
  /** Everything the process printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM to the whole process group, SIGKILL after a grace period; resolves on exit. */
  stop(): Promise<void>;
  /** SIGKILL to the whole process group at once (a crash, for recovery tests); resolves on exit. */
  kill(): Promise<void>;
}

export interface SpawnAppOptions {
  /** Folder to run in (usually the app's package folder). */
  cwd: string;
  command: string;
  args?: string[];
  env?: Record<string, string>;
  /** Base URL the app will answer on. */
  url: string;
  /** Path polled until it answers with a status below 500. */
  readyPath?: string;
  timeoutMs?: number;
  /** Called with each chunk the app prints (stdout and stderr), e.g. to relay it with a prefix. */
  onOutput?: (chunk: string) => void;
}

/**
 * Starts a real app as a child process (its own process group, so `pnpm`/`next` children die
 * with it) and waits until it answers HTTP.
 */
export async function spawnApp(options: SpawnAppOptions): Promise<SpawnedApp> {
  const {
    cwd,
    command,
    args = [],
    env = {},
    url,
    readyPath = "/",
    timeoutMs = 60_000,
    onOutput,
  } = options;
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer): void => {
    output += chunk.toString();
    onOutput?.(chunk.toString());
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  // A flag object rather than a boolean: TypeScript cannot see the callback flip it.
  const state = { exited: false };
  const exited = new Promise<void>((resolve) => {
    child.on("exit", () => {
      state.exited = true;
      resolve();
    });
  });

  const groupAlive = (pid: number): boolean => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  // The whole group, not just the direct child: a wrapper (sh, pnpm, tsx) may exit before the
  // server under it has let go of its port and database.
  const stop = async (): Promise<void> => {
    const pid = child.pid;
    if (pid === undefined || !groupAlive(pid)) return;
    process.kill(-pid, "SIGTERM");
    const deadline = Date.now() + 5_000;
    while (groupAlive(pid) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
    await exited;
  };

  const kill = async (): Promise<void> => {
    const pid = child.pid;
    if (pid !== undefined && groupAlive(pid)) process.kill(-pid, "SIGKILL");
    await exited;
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (state.exited) {
      throw new Error(`${command} ${args.join(" ")} exited before answering:\n${output}`);
    }
    try {
      const response = await fetch(new URL(readyPath, url), { signal: AbortSignal.timeout(2_000) });
      if (response.status < 500) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${command} did not answer at ${url} within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, exited, output: () => output, stop, kill };
}
