"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import { speakCall } from "../sound";
import styles from "./table.module.css";

/**
 * What a screen reader says without the player moving focus: results, refusals, the close. The
 * same text twice is still announced (a key change re-creates the region's text); texts announced
 * before the page renders again (events arriving together) are said together, none dropped.
 */
export function useAnnouncer(): {
  message: { text: string; key: number };
  announce: (text: string) => void;
} {
  const [message, setMessage] = useState({ text: "", key: 0 });
  const queued = useRef<string[]>([]);
  useEffect(() => {
    queued.current = [];
  }, [message]);
  const announce = useCallback((text: string) => {
    queued.current.push(text);
    const joined = queued.current.join(" ");
    setMessage((current) => ({ text: joined, key: current.key + 1 }));
  }, []);
  return { message, announce };
}

/** Also the dealer's calls, spoken when the player turned sound on (sound.tsx). */
export function Announcer({ message }: { message: { text: string; key: number } }) {
  useEffect(() => {
    speakCall(message.text);
  }, [message]);
  return (
    <div className={styles.visuallyHidden} aria-live="polite" role="status" data-testid="announcer">
      <span key={message.key}>{message.text}</span>
    </div>
  );
}
