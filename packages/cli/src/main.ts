/**
 * `pnpm fuda <command>`: the one repo-root CLI for analyzers, simulators and shoe tools.
 * Each command lives in ./commands/<name>.ts and is registered here, nothing else.
 */
import type { Command } from "./command";
import { CliError } from "./command";

const commands: Record<string, () => Promise<{ default: Command }>> = {
  // Registered commands, one line each: name → lazy module (keeps start-up fast).
  analyze: () => import("./commands/analyze"),
  simulate: () => import("./commands/simulate"),
  roads: () => import("./commands/roads"),
  shoe: () => import("./commands/shoe"),
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help") {
    process.stdout.write(
      `usage: pnpm fuda <command> [options]\ncommands: ${Object.keys(commands).join(", ")}\n`,
    );
    return name === undefined ? 1 : 0;
  }
  const load = commands[name];
  if (load === undefined) {
    throw new CliError(`unknown command "${name}" (commands: ${Object.keys(commands).join(", ")})`);
  }
  const command = (await load()).default;
  return command(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof CliError) {
      process.stderr.write(`fuda: ${error.message}\n`);
      process.exitCode = error.exitCode;
      return;
    }
    throw error;
  },
);
