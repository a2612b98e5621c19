"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

import { useLabels } from "~/i18n/use-labels";

/**
 * What a round did to the player's wallet, in words, the same at every table: "You won 9.50
 * points", "You lost 20 points", or "Your 10 points came back". `net` is the returns less
 * everything the bets reserved (a Pok Deng deposit included); `returned` is what came back.
 */
export function useOwnResultWords(): (net: number, returned: number) => string {
  const t = useTranslations("tablePlay");
  const labels = useLabels();
  return useCallback(
    (net, returned) => {
      if (net > 0) return t("won", { amount: labels.points(net) });
      if (net < 0) return t("lost", { amount: labels.points(-net) });
      return t("even", { amount: labels.points(returned) });
    },
    [t, labels],
  );
}
