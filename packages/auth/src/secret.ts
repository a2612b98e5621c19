import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The session-signing secret of a developer's machine: read from `file`, or made (256 random
 * bits) and written there, readable by its owner only, the first time. It survives restarts,
 * so sessions do too; production sets BETTER_AUTH_SECRET instead.
 */
export function developmentSecret(file: string): string {
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
