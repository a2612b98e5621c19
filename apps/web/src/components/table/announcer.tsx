"use client";

import { useCallback, useState } from "react";

import styles from "./table.module.css";

/**
 * What a screen reader says without the player moving focus: results, refusals, the close. The
 * same text twice is still announced (a key change re-creates the region's text).
 */
export function useAnnouncer(): {
  message: { text: string; key: number };
  announce: (text: string) => void;
} {
  const [message, setMessage] = useState({ text: "", key: 0 });
  const announce = useCallback((text: string) => {
    setMessage((current) => ({ text, key: current.key + 1 }));
  }, []);
  return { message, announce };
}

export function Announcer({ message }: { message: { text: string; key: number } }) {
  return (
    <div className={styles.visuallyHidden} aria-live="polite" role="status" data-testid="announcer">
      <span key={message.key}>{message.text}</span>
    </div>
  );
}
