/** What the tables' forms share: points ↔ minor units, and which field an API refusal names. */
import type { Game } from "../game-api";
import type { Answer } from "../procedures";
import { problemOf } from "../procedures";

/**
 * 1 point = 100 minor units; the forms take points, the API minor units. Exact: "12.5" is 1250,
 * and anything but a number with at most two decimals ("", "abc", "12.345") is NaN, never
 * rounded into an amount nobody typed.
 */
export function toMinor(points: string): number {
  const parts = /^\s*([+-]?)(\d{1,13})(?:\.(\d{1,2}))?\s*$/.exec(points);
  if (parts === null) return Number.NaN;
  const minor = Number(parts[2]) * 100 + Number((parts[3] ?? "").padEnd(2, "0"));
  return parts[1] === "-" ? -minor : minor;
}
export const toPoints = (minor: number): string => String(minor / 100);

/** A refusal as the forms show it: by the field it names ("limits.tie.max"), or for the form. */
export interface Problem {
  field: string | null;
  message: string;
}

/**
 * The field an API refusal names: its details' `field`, else the message's own prefix
 * ("countdownSeconds: at least 1 second…"), which every refusal starts with.
 */
export function problemFrom(answer: Extract<Answer<unknown>, { ok: false }>): Problem {
  const message = problemOf(answer);
  // A domain error's `details` are its own record: only a field named as a string is a path.
  const field = answer.error?.data?.details?.field;
  const named = typeof field === "string" ? field : (/^([\w.]+): /.exec(message)?.[1] ?? null);
  return { field: named, message };
}

/** A text input's value, trimmed ("" when absent). */
export function fieldText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/**
 * Whether a game's tables have a betting countdown to configure: the quick game's rounds are
 * dealt when the player deals (docs/rules/quick-baccarat.md), so its countdown is always 0.
 */
export const hasCountdown = (game: Game): boolean => game !== "quick-baccarat";
