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

/** A table's video URLs, as the forms name their fields (`stream.hls`…) and the API its keys. */
export const STREAM_KEYS = ["hls", "whep", "poster"] as const;
export type StreamKey = (typeof STREAM_KEYS)[number];

/**
 * The video as typed: every URL sent, "" for an empty field, which the API stores as none (a URL
 * left out would keep the stored one, and an operator who empties a field means to clear it).
 */
export const streamFrom = (text: (name: string) => string): Record<StreamKey, string> =>
  Object.fromEntries(STREAM_KEYS.map((key) => [key, text(`stream.${key}`)])) as Record<
    StreamKey,
    string
  >;

/** How long a table keeps its chat when its settings say nothing (packages/live's default). */
export const DEFAULT_CHAT_RETENTION_DAYS = 30;

/** The days a table's chat is kept, as its settings hold them or the default. */
export const chatRetentionDaysOf = (settings: Record<string, unknown> | undefined): number =>
  typeof settings?.chatRetentionDays === "number"
    ? settings.chatRetentionDays
    : DEFAULT_CHAT_RETENTION_DAYS;

/** Whether a joker blackjack table takes bets and actions from its chat: on unless turned off. */
export const chatBetsOf = (settings: Record<string, unknown> | undefined): boolean =>
  settings?.chatBets !== false;

/**
 * Whether a game's tables are live tables with a chat: the quick game is one player's own
 * (docs/rules/quick-baccarat.md), nobody to write to.
 */
export const hasChat = (game: Game): boolean => game !== "quick-baccarat";

/**
 * The chat settings as typed: the days for every live table, chat bets for joker blackjack's
 * alone (the API refuses them elsewhere). An empty days field is sent as 0, for the API to refuse
 * naming the field, rather than quietly kept.
 */
export function chatSettingsFrom(form: FormData, game: Game) {
  if (!hasChat(game)) return {};
  return {
    chatRetentionDays: Number(fieldText(form, "settings.chatRetentionDays")),
    ...(game === "joker-blackjack" ? { chatBets: form.get("settings.chatBets") === "on" } : {}),
  };
}
