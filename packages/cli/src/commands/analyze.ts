import { allowOptions, parseArgs, printResult, stringOption } from "../args";
import type { Command } from "../command";
import { CliError } from "../command";

export interface AnalyzeOptions {
  game: string;
  /** `--variant`, as the database and the API spell it; the game's first variant when absent. */
  variant?: string;
}

/** `fuda analyze <game> [--variant <variant>] [--json]`: exact analysis, one per game name. */
const analyzers: Record<string, () => Promise<(options: AnalyzeOptions) => unknown>> = {
  // "<game>": () => import("../games/<module>").then((m) => m.analyze),
  "pok-deng": () => import("../games/pok-deng").then((m) => m.analyze),
  baccarat: () => import("../games/baccarat").then((m) => m.analyze),
  "quick-baccarat": () => import("../games/baccarat").then((m) => m.analyze),
};

const analyze: Command = async (args) => {
  const parsed = parseArgs(args);
  allowOptions(parsed, ["variant", "json"]);
  const game = parsed.positional[0];
  const load = game === undefined ? undefined : analyzers[game];
  if (game === undefined || load === undefined) {
    throw new CliError(`analyze: <game> must be one of ${Object.keys(analyzers).join(", ")}`);
  }
  printResult(parsed, (await load())({ game, variant: stringOption(parsed, "variant") }));
  return 0;
};

export default analyze;
