import { readFile } from "node:fs/promises";

import {
  CryptoRng,
  HmacDrbg,
  composition,
  newShoe,
  revealShoe,
  shoeCommitment,
  verifyShoe,
} from "@fuda/shoe";
import type { CompositionOptions, ShoeReveal } from "@fuda/shoe";

import { hexOption, integerOption, parseArgs, printResult, stringOption } from "../args";
import type { ParsedArgs } from "../args";
import type { Command } from "../command";
import { CliError } from "../command";

const USAGE =
  "shoe new [--decks 8] [--suits 4] [--jokers 0] [--seed <hex> [--client-seed <s>] [--nonce 0]] [--json]\n" +
  "       shoe verify <file> [--decks N [--suits 4] [--jokers 0]]";

/** A non-negative integer option (integerOption wants ≥ 1). */
function countOption(parsed: ParsedArgs, name: string, fallback: number): number {
  const value = stringOption(parsed, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new CliError(`--${name} must be a non-negative integer, got "${value}"`);
  }
  return Number(value);
}

function compositionOptions(parsed: ParsedArgs): CompositionOptions {
  const suits = integerOption(parsed, "suits", 4);
  if (suits > 5) throw new CliError(`--suits must be 4 (standard) or 5 (quick game), got ${suits}`);
  const options = {
    decks: integerOption(parsed, "decks", 8),
    suits,
    jokers: countOption(parsed, "jokers", 0),
  };
  // The commitment encodes the card count in 16 bits (docs/fairness.md).
  if (options.decks * suits * 13 + options.jokers > 0xffff) {
    throw new CliError("a shoe holds at most 65,535 cards: lower --decks or --jokers");
  }
  return options;
}

/** `shoe new`: a shuffled shoe's commitment and reveal; deterministic with --seed. */
function newCommand(parsed: ParsedArgs): number {
  const seed = hexOption(parsed, "seed");
  for (const name of ["client-seed", "nonce"]) {
    // Ignoring them would print a CSPRNG shoe that the user believes reproducible.
    if (seed === undefined && parsed.options.has(name)) {
      throw new CliError(`--${name} needs --seed (without it the shoe comes from the CSPRNG)`);
    }
  }
  const rng =
    seed === undefined
      ? new CryptoRng()
      : new HmacDrbg({
          serverSeed: seed,
          clientSeed: stringOption(parsed, "client-seed") ?? "",
          nonce: countOption(parsed, "nonce", 0),
        });
  const shoe = newShoe({ cards: composition(compositionOptions(parsed)), rng });
  printResult(parsed, { commitment: shoeCommitment(shoe), reveal: revealShoe(shoe) });
  return 0;
}

function isReveal(value: unknown): value is ShoeReveal {
  if (typeof value !== "object" || value === null) return false;
  const { salt, cards } = value as Record<string, unknown>;
  return typeof salt === "string" && typeof cards === "string";
}

/** `shoe verify <file>`: exit 0 when the reveal matches the commitment, 1 with the reason when not. */
async function verifyCommand(parsed: ParsedArgs): Promise<number> {
  const file = parsed.positional[1];
  if (file === undefined) throw new CliError(`usage: ${USAGE}`);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new CliError(`shoe verify: cannot read ${file}`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new CliError(`shoe verify: ${file} is not JSON`);
  }
  const { commitment, reveal } = (document ?? {}) as Record<string, unknown>;
  if (typeof commitment !== "string" || !isReveal(reveal)) {
    throw new CliError(
      `shoe verify: ${file} needs { "commitment": "<hex>", "reveal": { "salt": "<hex>", "cards": "<hex>" } }`,
    );
  }
  const options = parsed.options.has("decks")
    ? { composition: composition(compositionOptions(parsed)) }
    : {};
  const result = verifyShoe(commitment, reveal, options);
  if (!result.ok) throw new CliError(`shoe verify: ${result.reason}`, 1);
  process.stdout.write(`verified: the reveal matches commitment ${commitment.toLowerCase()}\n`);
  return 0;
}

/** `fuda shoe new|verify …`: create a verifiable shoe, or check a revealed one. */
const shoe: Command = async (args) => {
  const parsed = parseArgs(args);
  const sub = parsed.positional[0];
  if (sub === "new") return newCommand(parsed);
  if (sub === "verify") return verifyCommand(parsed);
  throw new CliError(`usage: ${USAGE}`);
};

export default shoe;
