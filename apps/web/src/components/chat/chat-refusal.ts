import { RULE } from "@fuda/contracts";

import type { ApiError } from "~/relay-api";

import { refusalWords } from "../joker-blackjack/round-view";
import type { BannerKind } from "../table/status-banner";
import { kindOfRefusal } from "../table/use-bet-slip";

/** Why `chat.send` was refused (docs/chat.md), as the panel words it. */
export type ChatRefusal =
  | { kind: "pace"; rule: "TOO_FAST" | "CHAT_BUSY"; retryAfterMs: number }
  /** `until` null: banned from the chat. */
  | { kind: "muted"; until: string | null }
  | { kind: "signIn" }
  | { kind: "text"; rule: "REQUIRED" | "TOO_BIG" }
  /** A chat bet refused as the bet slip's bet would be: the slip's words for it. */
  | { kind: "bet"; slip: BannerKind }
  /** A chat decision refused as the action buttons' would be: the joker blackjack table's words. */
  | { kind: "action"; words: ReturnType<typeof refusalWords> }
  | { kind: "network" }
  | { kind: "other" };

/** A wait when the API names none. */
const DEFAULT_WAIT_MS = 1_000;

/** `chat.send`'s refusal by its `details.rule`, then by the bet desk's own reasons. */
export function chatRefusalOf(status: number, error: ApiError | undefined): ChatRefusal {
  if (status === 0) return { kind: "network" };
  const details = error?.data?.details;
  const rule = details?.rule;
  switch (rule) {
    case RULE.TOO_FAST:
    case RULE.CHAT_BUSY: {
      const wait = details?.retryAfterMs;
      return {
        kind: "pace",
        rule,
        retryAfterMs: typeof wait === "number" && wait > 0 ? wait : DEFAULT_WAIT_MS,
      };
    }
    case RULE.MUTED: {
      const until = details?.until;
      return { kind: "muted", until: typeof until === "string" ? until : null };
    }
    case RULE.SIGN_IN_TO_CHAT:
      return { kind: "signIn" };
    case RULE.TIMER_ENDED:
    case RULE.NOT_YOUR_TURN:
    case RULE.NOT_YOUR_SEAT:
      return { kind: "action", words: refusalWords(error) };
    default:
      break;
  }
  if (details?.field === "text" && (rule === RULE.REQUIRED || rule === RULE.TOO_BIG)) {
    return { kind: "text", rule };
  }
  const slip = kindOfRefusal(error, status);
  if (slip === "signIn") return { kind: "signIn" };
  return slip === "other" ? { kind: "other" } : { kind: "bet", slip };
}

/** A wait in seconds to the tenth, never "0.0": 750 ms is "0.8". */
export const waitSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 100)) / 10;
