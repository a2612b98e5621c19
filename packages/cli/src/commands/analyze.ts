import { allowOptions, parseArgs, printResult } from "../args";
import type { Command } from "../command";
import { CliError } from "../command";

/** `fuda analyze <game> [--json]`: exact analysis, one analyzer per game name. */
const analyzers: Record<string, () => Promise<(game: string) => unknown>> = {
  // "<game>": () => import("../games/<module>").then((m) => m.analyze),
  "pok-deng": () => import("../games/pok-deng").then((m) => m.analyze),
  baccarat: () => import("../games/baccarat").then((m) => m.analyze),
  "baccarat-no-commission": () => import("../games/baccarat").then((m) => m.analyze),
  "quick-baccarat": () => import("../games/baccarat").then((m) => m.analyze),
};

const analyze: Command = async (args) => {
  const parsed = parseArgs(args);
  allowOptions(parsed, ["json"]);
  const game = parsed.positional[0];
  const load = game === undefined ? undefined : analyzers[game];
  if (game === undefined || load === undefined) {
    throw new CliError(`analyze: <game> must be one of ${Object.keys(analyzers).join(", ")}`);
  }
  printResult(parsed, (await load())(game));
  return 0;
};

export default analyze;
