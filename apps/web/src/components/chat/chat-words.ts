"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useCallback } from "react";

import type { GameName } from "@fuda/api";
import { MAX_CHAT_LENGTH } from "@fuda/contracts";

import { useLabels } from "~/i18n/use-labels";

import type { ChatRefusal } from "./chat-refusal";
import { waitSeconds } from "./chat-refusal";

/** The panel's words for refusals and for the sender's private answers, in the page's language. */
export function useChatWords(game: GameName) {
  const t = useTranslations("chat");
  const tPlay = useTranslations("tablePlay");
  const tJoker = useTranslations("jokerBlackjack");
  const format = useFormatter();
  const labels = useLabels();

  const refusal = useCallback(
    (refused: ChatRefusal): string => {
      switch (refused.kind) {
        case "pace":
          return t(`errors.${refused.rule}`, {
            seconds: format.number(waitSeconds(refused.retryAfterMs), {
              minimumFractionDigits: 1,
              maximumFractionDigits: 1,
            }),
          });
        case "muted":
          return refused.until === null
            ? t("errors.banned")
            : t("errors.muted", { when: format.relativeTime(new Date(refused.until), new Date()) });
        case "signIn":
          return t("errors.signIn");
        case "text":
          return t(`errors.${refused.rule}`, { max: MAX_CHAT_LENGTH });
        case "bet":
          return tPlay(`errors.${refused.slip}`, { bet: labels.bet(game, "main") });
        case "action":
          return tJoker(`errors.${refused.words}`);
        case "network":
          return t("errors.network");
        case "other":
          return t("errors.other");
      }
    },
    [t, tPlay, tJoker, format, labels, game],
  );

  /** A chat bet's answer: "Bet 100 placed on seat 3". */
  const betPlaced = useCallback(
    (amount: number, seat: number) => t("private.bet", { amount: labels.points(amount), seat }),
    [t, labels],
  );

  /** A chat decision's answer: "Seat 3: Hit". */
  const actionTaken = useCallback(
    (seat: number, hand: number, action: string) =>
      t("private.action", {
        who: hand > 0 ? tJoker("seatHand", { seat, hand: hand + 1 }) : tJoker("seat", { seat }),
        action: tJoker.has(`action.${action}`) ? tJoker(`action.${action}`) : action,
      }),
    [t, tJoker],
  );

  return { refusal, betPlaced, actionTaken };
}
