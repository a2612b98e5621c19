"use client";

import { useTranslations } from "next-intl";

import type { RecalledRound, RoundsPage } from "~/history";
import { relayApi } from "~/relay-api";

import styles from "./history.module.css";
import { RoundDetails } from "./round-details";
import { useHistoryPages } from "./use-history-page";

/** The player's rounds, newest first, folded; "more" reads the next page (`history.mine`). */
export function RoundsList({ first, limit }: { first: RoundsPage; limit: number }) {
  const t = useTranslations("history");
  const pages = useHistoryPages({
    read: (input) => relayApi.history.mine.query(input),
    first,
    itemsOf: (page: RoundsPage) => page.rounds,
    limit,
  });
  return <RoundsShown rounds={pages.items} open={false} more={pages} t={t} />;
}

/** The last-game recall (`history.recall`): ten rounds, each open with every field. */
export function RecallList({ rounds }: { rounds: RecalledRound[] }) {
  const t = useTranslations("history");
  return <RoundsShown rounds={rounds} open t={t} />;
}

function RoundsShown({
  rounds,
  open,
  more,
  t,
}: {
  rounds: RecalledRound[];
  open: boolean;
  more?: MoreButtonProps;
  t: ReturnType<typeof useTranslations<"history">>;
}) {
  if (rounds.length === 0) return <p className={styles.note}>{t("empty")}</p>;
  return (
    <>
      <ol className={styles.list} data-testid="history-rounds">
        {rounds.map((round) => (
          <li key={round.roundId}>
            <RoundDetails round={round} open={open} />
          </li>
        ))}
      </ol>
      {more && <MoreButton {...more} />}
    </>
  );
}

interface MoreButtonProps {
  hasMore: boolean;
  state: "idle" | "loading" | "failed";
  more: () => Promise<void>;
}

/** The next page's button, and why it did not come when it did not. */
export function MoreButton({ hasMore, state, more }: MoreButtonProps) {
  const t = useTranslations("history");
  return (
    <>
      {state === "failed" && (
        <p className={styles.error} role="alert">
          {t("failed")}
        </p>
      )}
      {hasMore && (
        <button
          type="button"
          className={styles.more}
          disabled={state === "loading"}
          data-testid="history-more"
          onClick={() => void more()}
        >
          {state === "loading" ? t("loading") : t("more")}
        </button>
      )}
    </>
  );
}
