import { z } from "zod";

const minorUnits = z
  .number()
  .int()
  .nonnegative()
  .describe("An amount in minor units: 100 minor units are 1 point, so 2500 means 25.00 points.");

/**
 * A table's smallest and largest stake per player on one bet type, in minor units. The one
 * shape of a limit in every layer: the rules check stakes against it, the database stores it in
 * `Table.limits`, the API and the feed publish it.
 */
export const stakeLimitSchema = z
  .object({
    min: minorUnits.describe(
      "Smallest stake accepted on this bet, in minor units (100 = 1 point).",
    ),
    max: minorUnits.describe("Largest stake accepted on this bet, in minor units (100 = 1 point)."),
  })
  .refine((limit) => limit.min <= limit.max, {
    message: "min must not be above max",
    path: ["max"],
  });

export type StakeLimit = Readonly<z.infer<typeof stakeLimitSchema>>;

/** A table's limits: bet id → stake limit. Each game names its bet ids (`TableLimits<BetId>`). */
export type TableLimits<Bet extends string = string> = Readonly<Record<Bet, StakeLimit>>;

/** Any game's limits, keyed by its bet ids (the game's own rules check which ids it takes). */
export const tableLimitsSchema = z.record(z.string(), stakeLimitSchema);
