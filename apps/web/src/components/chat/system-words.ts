"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

import type { GameName } from "@fuda/api";

import type { TableDetail } from "~/game-api";
import { useLabels } from "~/i18n/use-labels";
import type { TableEvent } from "~/table-stream";

import { parseOutcome } from "../baccarat/baccarat-table";
import { dealerWords, outcomeOf } from "../joker-blackjack/round-view";
import { useResultWords } from "../pok-deng/hand-words";

/**
 * The chat's system lines (docs/chat.md): not stored, each page writes them from the round's
 * public events, in its reader's language, with the words the table already uses for a result.
 * Null: the event writes no line.
 */
export function useSystemWords(game: GameName) {
  const t = useTranslations("chat.system");
  const tBaccarat = useTranslations("baccarat");
  const tJoker = useTranslations("jokerBlackjack");
  const labels = useLabels();
  const pokDengResult = useResultWords();

  const resultWords = useCallback(
    (outcome: unknown, state: TableDetail): string | null => {
      switch (game) {
        case "baccarat": {
          const parsed = parseOutcome(outcome);
          return parsed === null
            ? null
            : tBaccarat(`result.${parsed.winner}`, {
                player: parsed.playerTotal,
                banker: parsed.bankerTotal,
              });
        }
        case "joker-blackjack": {
          const dealer = outcomeOf(outcome)?.dealer.result;
          return dealer == null
            ? null
            : tJoker("announce.result", { dealer: dealerWords(dealer, tJoker) });
        }
        case "pok-deng":
          return state.round === null ? null : pokDengResult(state.round);
        default:
          return null;
      }
    },
    [game, tBaccarat, tJoker, pokDengResult],
  );

  return useCallback(
    (event: TableEvent, state: TableDetail): string | null => {
      // A private event (a player's own settlement) is not the table's news.
      if (event.playerId !== null) return null;
      switch (event.type) {
        case "round.opened":
          // Opened again for want of a bet: the line said when it first opened still stands.
          return event.payload.reopened === true
            ? null
            : t("opened", { number: event.payload.number });
        case "round.closed":
          return t("closed");
        case "round.result":
          return resultWords(event.payload.outcome, state);
        case "round.cancelled":
          return labels.phase("cancelled");
        default:
          return null;
      }
    },
    [t, labels, resultWords],
  );
}
