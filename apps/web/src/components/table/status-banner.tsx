"use client";

import styles from "./table.module.css";

/** What stops a player from betting now, or what just went wrong with their bet. */
export type BannerKind =
  | "closed"
  | "funds"
  | "overLimit"
  | "belowMin"
  | "spotClosed"
  | "paused"
  | "disconnected"
  | "signIn"
  | "other";

/** Trouble is an alert (read at once); a state the table is in is a status. */
const ALERTS = new Set<BannerKind>(["funds", "overLimit", "belowMin", "spotClosed", "other"]);

export function StatusBanner({ kind, message }: { kind: BannerKind; message: string }) {
  return (
    <p
      className={styles.banner}
      role={ALERTS.has(kind) ? "alert" : "status"}
      data-kind={kind}
      data-testid="banner"
    >
      {message}
    </p>
  );
}
