/**
 * A player's action from another process, as another game API would take it:
 * `tsx test/act-elsewhere.ts <database url> <act input as JSON>`. Prints what `act` answered.
 */
import { createDb } from "@fuda/db";

import { act } from "../src";
import type { ActInput } from "../src/actions";

const [url, input] = process.argv.slice(2);
const db = createDb(url!);
try {
  process.stdout.write(JSON.stringify(await act(db, JSON.parse(input!) as ActInput)));
} finally {
  await db.$disconnect();
}
