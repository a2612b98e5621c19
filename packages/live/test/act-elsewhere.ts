/**
 * A player's action from another process, as another game API would take it:
 * `tsx test/act-elsewhere.ts <database url> <act input as JSON>` prints what `act` answered.
 * Without an input it stays up: it prints "ready" once connected, then acts on each JSON line of
 * its stdin at once, printing each answer on a line, until stdin ends.
 */
import { createInterface } from "node:readline";

import { createDb } from "@fuda/db";

import { act } from "../src";
import type { ActInput } from "../src/actions";

const [url, input] = process.argv.slice(2);
const db = createDb(url!);
try {
  if (input !== undefined) {
    process.stdout.write(JSON.stringify(await act(db, JSON.parse(input) as ActInput)));
  } else {
    await db.$queryRaw`SELECT 1`;
    process.stdout.write("ready\n");
    for await (const line of createInterface({ input: process.stdin })) {
      const answer = await act(db, JSON.parse(line) as ActInput).catch((error: unknown) => ({
        error: (error as Error).message,
      }));
      process.stdout.write(`${JSON.stringify(answer)}\n`);
    }
  }
} finally {
  await db.$disconnect();
}
