"use client";

import { useTranslations } from "next-intl";

import { NoTimer } from "../no-timer";
import { secondsUntil, useNow } from "../use-now";
import styles from "./table.module.css";

/**
 * Seconds left to bet, ticking from the server's `closesAt` (the browser's clock only counts
 * down to it; the server decides when betting closes). Nothing before the page is mounted.
 * `label` words another deadline the same way (a seat's time to act). Without a deadline (none
 * given, or one the browser cannot read) it shows `NoTimer`, never a 0 or NaN.
 */
export function Countdown({
  closesAt,
  windowSeconds,
  label,
  noTimerHint,
}: {
  closesAt: string | null;
  /** The table's whole betting window, for the bar's length. */
  windowSeconds: number;
  label?: (seconds: number) => string;
  /** Why there is no timer, in the page's words; the table's own words when not given. */
  noTimerHint?: string;
}) {
  const t = useTranslations("table");
  const now = useNow();
  const seconds = now === null || closesAt === null ? null : secondsUntil(closesAt, now);
  if (now !== null && seconds === null) {
    return (
      <div className={styles.countdown} data-testid="countdown" data-seconds="">
        <NoTimer hint={noTimerHint ?? t("noTimer")} />
      </div>
    );
  }
  const share = seconds === null || windowSeconds <= 0 ? 1 : Math.min(1, seconds / windowSeconds);
  return (
    <div
      className={styles.countdown}
      data-testid="countdown"
      data-seconds={seconds ?? ""}
      data-urgent={seconds !== null && seconds <= 5}
    >
      <span className={styles.countdownBar} style={{ transform: `scaleX(${share})` }} />
      <span className={styles.countdownText}>
        {seconds === null ? "\u00a0" : (label?.(seconds) ?? t("closesIn", { seconds }))}
      </span>
    </div>
  );
}
