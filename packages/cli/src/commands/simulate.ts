import {
  allowOptions,
  hexOption,
  integerOption,
  parseArgs,
  printResult,
  stringOption,
} from "../args";
import type { Command } from "../command";
import { CliError } from "../command";

export interface SimulateOptions {
  game: string;
  /** `--variant`, as the database and the API spell it; the game's first variant when absent. */
  variant?: string;
  rounds: number;
  /** Hex server seed of the deterministic DRBG: the same seed gives the same report. */
  seed: string;
}

/**
 * `fuda simulate <game> [--variant <variant>] --rounds <n> --seed <hex> [--json]`, one simulator
 * per game name; games and variants are spelled as in the database and the API.
 */
const simulators: Record<string, () => Promise<(options: SimulateOptions) => unknown>> = {
  // "<game>": () => import("../games/<module>").then((m) => m.simulate),
  "pok-deng": () => import("../games/pok-deng").then((m) => m.simulate),
  baccarat: () => import("../games/baccarat").then((m) => m.simulate),
  "quick-baccarat": () => import("../games/baccarat").then((m) => m.simulate),
  "joker-blackjack": () => import("../games/joker-blackjack").then((m) => m.simulate),
};

const simulate: Command = async (args) => {
  const parsed = parseArgs(args);
  allowOptions(parsed, ["variant", "rounds", "seed", "json"]);
  const game = parsed.positional[0];
  const load = game === undefined ? undefined : simulators[game];
  if (game === undefined || load === undefined) {
    throw new CliError(`simulate: <game> must be one of ${Object.keys(simulators).join(", ")}`);
  }
  const rounds = integerOption(parsed, "rounds", 1_000_000);
  const seed = hexOption(parsed, "seed", "00")!;
  const variant = stringOption(parsed, "variant");
  printResult(parsed, (await load())({ game, variant, rounds, seed }));
  return 0;
};

export default simulate;
