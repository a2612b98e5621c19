import { CliError } from "./command";

/** Parsed `--name value` / `--flag` options plus positional arguments. */
export interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
}

export function parseArgs(args: string[]): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
    const next = args[i + 1];
    if (inline !== undefined) options.set(name, inline);
    else if (next !== undefined && !next.startsWith("--")) {
      options.set(name, next);
      i++;
    } else options.set(name, true);
  }
  return { positional, options };
}

/**
 * Refuses any option the command does not know (a typo must not silently mean the default) and
 * positional words beyond the `positionals` it takes.
 */
export function allowOptions(parsed: ParsedArgs, known: readonly string[], positionals = 1): void {
  const extra = parsed.positional[positionals];
  if (extra !== undefined) throw new CliError(`unexpected argument "${extra}"`);
  for (const name of parsed.options.keys()) {
    if (!known.includes(name)) {
      const allowed = known.map((option) => `--${option}`).join(", ");
      throw new CliError(`unknown option --${name} (options: ${allowed})`);
    }
  }
}

export function stringOption(parsed: ParsedArgs, name: string): string | undefined {
  const value = parsed.options.get(name);
  if (value === true) throw new CliError(`--${name} needs a value`);
  return value;
}

/**
 * The game's variant named by `--variant`, spelled as in the database and the API; the game's
 * first variant when absent.
 */
export function variantOf<Variant extends string>(
  game: string,
  requested: string | undefined,
  variants: readonly Variant[],
): Variant {
  if (requested === undefined) return variants[0]!;
  const variant = variants.find((known) => known === requested);
  if (variant === undefined) {
    throw new CliError(
      `--variant of ${game} must be one of ${variants.join(", ")}, got "${requested}"`,
    );
  }
  return variant;
}

/** A positive integer option; `fallback` when absent. */
export function integerOption(parsed: ParsedArgs, name: string, fallback: number): number {
  const value = stringOption(parsed, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new CliError(`--${name} must be a positive integer, got "${value}"`);
  }
  return Number(value);
}

/** A hex seed option (even number of hex digits); `fallback` when absent. */
export function hexOption(parsed: ParsedArgs, name: string, fallback?: string): string | undefined {
  const value = stringOption(parsed, name) ?? fallback;
  if (value !== undefined && !/^(?:[0-9a-f]{2})+$/i.test(value)) {
    throw new CliError(`--${name} must be hex digits (an even number of 0-9a-f), got "${value}"`);
  }
  return value?.toLowerCase();
}

/** JSON with --json, else the same object pretty-printed for a person. */
export function printResult(parsed: ParsedArgs, result: unknown): void {
  const json = parsed.options.has("json");
  process.stdout.write(`${JSON.stringify(result, null, json ? undefined : 2)}\n`);
}
