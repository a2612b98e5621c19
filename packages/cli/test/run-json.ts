import { vi } from "vitest";

import type { Command } from "../src/command";

/** Runs a command in-process and returns its exit code and what it printed on stdout. */
export async function runCommand(
  command: Command,
  args: string[],
): Promise<{ code: number; stdout: string }> {
  let stdout = "";
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  try {
    return { code: await command(args), stdout };
  } finally {
    write.mockRestore();
  }
}

/** `runCommand`, parsing the JSON it printed. */
export async function runJson(
  command: Command,
  args: string[],
): Promise<{ code: number; json: Record<string, unknown> }> {
  const { code, stdout } = await runCommand(command, args);
  return { code, json: JSON.parse(stdout) as Record<string, unknown> };
}
