import { describe, expect, it } from "vitest";

import {
  DEFAULT_CUT_CARD,
  HmacDrbg,
  newShoe,
  shoeFromJson,
  shoeJsonOf,
  shoeToJson,
  standardDecks,
} from "../src/index";

const stored = () =>
  shoeToJson(
    newShoe({
      cards: standardDecks(2),
      rng: new HmacDrbg({ serverSeed: "5eed" }),
      cutCard: DEFAULT_CUT_CARD,
    }),
  );

describe("a stored shoe read back", () => {
  it("is the shoe written, through JSON", () => {
    const json = stored();
    const read = shoeJsonOf(JSON.parse(JSON.stringify(json)));
    expect(read).toEqual(json);
    expect(shoeToJson(shoeFromJson(read))).toEqual(json);
  });

  it("names the row and the first wrong field", () => {
    expect(() => shoeJsonOf({ ...stored(), salt: 7 }, "shoe s1: state")).toThrow(
      "shoe s1: state is not a stored shoe: bad salt",
    );
    expect(() => shoeJsonOf({ ...stored(), roundStarts: ["0"] })).toThrow("bad roundStarts");
    expect(() => shoeJsonOf({ ...stored(), cutCard: { minFromEnd: 14 } })).toThrow("bad cutCard");
    expect(() => shoeJsonOf({ ...stored(), version: 2 })).toThrow("bad version");
    expect(() => shoeJsonOf([stored()])).toThrow("shoe state is not a stored shoe");
    expect(() => shoeJsonOf(null)).toThrow("is not a stored shoe");
  });
});
