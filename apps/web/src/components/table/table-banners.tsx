"use client";

import { useTranslations } from "next-intl";

import type { StreamState } from "~/table-stream";

import { StatusBanner } from "./status-banner";
import type { Phase } from "./table-state";
import type { SlipError } from "./use-bet-slip";

/**
 * The one banner a table shows now, most pressing first: the stream is down (what the page shows
 * may be stale), the table is paused or closed, the player's last bet was refused, betting is
 * closed for this round.
 */
export function TableBanners({
  connection,
  status,
  phase,
  error,
}: {
  connection: StreamState;
  status: "open" | "paused" | "closed";
  phase: Phase | null;
  error: SlipError | null;
}) {
  const t = useTranslations("tablePlay.banners");
  if (connection === "reconnecting") {
    return <StatusBanner kind="disconnected" message={t("disconnected")} />;
  }
  if (status !== "open") return <StatusBanner kind="paused" message={t(status)} />;
  if (error !== null) return <StatusBanner kind={error.kind} message={error.message} />;
  if (phase !== null && phase !== "betting") {
    return <StatusBanner kind="closed" message={t("closed")} />;
  }
  return null;
}
