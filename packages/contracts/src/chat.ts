/**
 * A table's chat (docs/chat.md): its lines as `chat.history` returns them and `chat.message`
 * events carry them, and the one normalisation of what a player types, shared by the server
 * (which stores only normalised text) and the page (which counts what is left of the 200).
 */
import * as z from "zod/mini";

/** Who wrote a line: a dealer's or an operator's line stands out on the players' pages. */
export const CHAT_ROLES = ["player", "dealer", "operator"] as const;
export const chatRoleSchema = z.enum(CHAT_ROLES);
export type ChatRole = (typeof CHAT_ROLES)[number];

/** The longest line, in characters (code points) after normalisation. */
export const MAX_CHAT_LENGTH = 200;

/** A line of a table's chat. `id` orders a table's lines (newer is larger). */
export const chatLineSchema = z.object({
  id: z.string(),
  tableId: z.string(),
  userId: z.string(),
  name: z.string(),
  role: chatRoleSchema,
  text: z.string(),
  /** ISO 8601, server time. */
  at: z.string(),
});
export type ChatLine = z.infer<typeof chatLineSchema>;

// Control characters (newlines and tabs included: a line is one line), the zero-width ones and
// the bidirectional overrides that make text read otherwise than it is stored.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** Anything shaped like an HTML tag: chat is text only, tags are dropped and their words kept. */
const TAG = /<\/?[a-zA-Z!][^<>]*>/g;

/**
 * What a line's text becomes before it is counted and stored: Unicode NFC, tags and invisible
 * characters removed, runs of spaces made one, trimmed. The empty string means nothing to send.
 */
export function normalizeChatText(text: string): string {
  return text
    .normalize("NFC")
    .replace(TAG, " ")
    .replace(INVISIBLE, " ")
    .replace(/\s+/gu, " ")
    .trim();
}

/** A normalised text's length as the 200-character rule counts it (code points). */
export const chatLength = (text: string): number => Array.from(text).length;
