import { FudaError } from "@fuda/errors";
import type { RuleCode } from "@fuda/errors";

/** Longest id, player id, round id or bet id the ledger accepts (ledger_transfers_id_length). */
export const MAX_ID_LENGTH = 200;
/** Longest adjustment reason (ledger_transfers_reason_length). */
export const MAX_REASON_LENGTH = 500;

/** BAD_INPUT naming the field and the rule it breaks, in the API's code and in words. */
export function badInput(field: string, rule: RuleCode, words: string, value: unknown): FudaError {
  return new FudaError("BAD_INPUT", `${field}: ${words}`, { field, rule, value });
}

/** A non-empty string of at most `max` characters. */
export function checkText(value: unknown, field: string, max = MAX_ID_LENGTH): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw badInput(field, "REQUIRED", "must be a non-empty string", value);
  }
  if (value.length > max) {
    throw badInput(field, "TOO_BIG", `must be at most ${max} characters`, value.length);
  }
  return value;
}

/** An amount of minor units: a whole number JavaScript holds exactly, with the sign asked for. */
export function checkAmount(
  value: unknown,
  field: string,
  sign: "positive" | "non-negative" | "non-zero" = "positive",
): number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw badInput(
      field,
      "INVALID_TYPE",
      "must be a whole number of minor units (1 point = 100)",
      value,
    );
  }
  if (!Number.isSafeInteger(value)) {
    throw badInput(field, "TOO_BIG", `must be at most ${Number.MAX_SAFE_INTEGER} in size`, value);
  }
  if (sign === "positive" && value <= 0)
    throw badInput(field, "TOO_SMALL", "must be more than 0", value);
  if (sign === "non-negative" && value < 0)
    throw badInput(field, "TOO_SMALL", "must not be negative", value);
  if (sign === "non-zero" && value === 0)
    throw badInput(field, "INVALID_VALUE", "must not be 0", value);
  return value;
}
