import { describe, expect, it } from "vitest";

import { allowOptions, hexOption, integerOption, parseArgs } from "../src/args";

describe("CLI arguments", () => {
  it("reads positionals, valued options and flags", () => {
    const parsed = parseArgs(["baccarat", "--rounds", "1000", "--seed=ab", "--json"]);
    expect(parsed.positional).toEqual(["baccarat"]);
    expect(integerOption(parsed, "rounds", 1)).toBe(1000);
    expect(hexOption(parsed, "seed")).toBe("ab");
    expect(parsed.options.get("json")).toBe(true);
  });

  it("refuses a non-integer round count, naming the option", () => {
    expect(() => integerOption(parseArgs(["--rounds", "1e3"]), "rounds", 1)).toThrow(/--rounds/);
  });

  it("refuses a round count too large to count exactly", () => {
    expect(() => integerOption(parseArgs(["--rounds", "9007199254740993"]), "rounds", 1)).toThrow(
      /--rounds must be a positive integer/,
    );
  });

  it("an option given without its value is refused by name, not read as the next option", () => {
    expect(() => integerOption(parseArgs(["--rounds"]), "rounds", 1)).toThrow(
      "--rounds needs a value",
    );
    const parsed = parseArgs(["--json", "--rounds", "5"]);
    expect(parsed.options.get("json")).toBe(true);
    expect(integerOption(parsed, "rounds", 1)).toBe(5);
  });

  it("refuses a seed that is not hex", () => {
    expect(() => hexOption(parseArgs(["--seed", "xyz"]), "seed")).toThrow(/--seed must be hex/);
    expect(() => hexOption(parseArgs(["--seed="]), "seed")).toThrow(/--seed must be hex/);
  });

  it("reads a hex seed in either case and reports it in lower case", () => {
    expect(hexOption(parseArgs(["--seed", "C0FFEE"]), "seed")).toBe("c0ffee");
  });

  it("refuses an option the command does not know, listing the ones it does", () => {
    expect(() => {
      allowOptions(parseArgs(["--round", "5"]), ["rounds", "seed"]);
    }).toThrow("unknown option --round (options: --rounds, --seed)");
    expect(() => {
      allowOptions(parseArgs(["--rounds", "5"]), ["rounds", "seed"]);
    }).not.toThrow();
  });

  it("refuses words beyond the command's positional arguments", () => {
    expect(() => {
      allowOptions(parseArgs(["baccarat", "extra"]), ["json"]);
    }).toThrow('unexpected argument "extra"');
  });
});
