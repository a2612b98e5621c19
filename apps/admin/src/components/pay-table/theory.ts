"use client";

/**
 * The theoretical return of a joker blackjack table's settings, simulated in a Web Worker
 * (theory.worker.ts) so the form stays responsive: the rules' own simulator, basic strategy at
 * every seat (docs/rules/joker-blackjack.md, Published figures).
 */
import { useEffect, useState } from "react";

import type { TheoryAnswer, TheoryRequest } from "./protocol";

/** Typing settles before a run starts; a run under way is dropped when the settings change. */
const SETTLE_MS = 300;

export type Theory =
  | { state: "running"; played: number; rounds: number }
  | { state: "done"; rtp: number; stdErr: number; rounds: number; bets: number }
  | { state: "failed"; message: string };

/** The latest answer for `request` (null: nothing to simulate), running until the worker is done. */
export function useTheoreticalReturn(request: TheoryRequest | null): Theory | null {
  const key = request === null ? null : JSON.stringify(request);
  const [answer, setAnswer] = useState<{ key: string; theory: Theory } | null>(null);

  useEffect(() => {
    if (key === null) return;
    const { rounds } = JSON.parse(key) as TheoryRequest;
    let worker: Worker | null = null;
    const timer = setTimeout(() => {
      worker = new Worker(new URL("./theory.worker.ts", import.meta.url), { type: "module" });
      worker.onmessage = (event: MessageEvent<TheoryAnswer>) => {
        const message = event.data;
        const theory: Theory =
          message.type === "progress"
            ? { state: "running", played: message.played, rounds }
            : message.type === "done"
              ? { state: "done", ...message }
              : { state: "failed", message: message.message };
        setAnswer({ key, theory });
      };
      worker.onerror = (event) => {
        setAnswer({ key, theory: { state: "failed", message: event.message } });
      };
      worker.postMessage(JSON.parse(key));
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      worker?.terminate();
    };
  }, [key]);

  if (key === null) return null;
  if (answer?.key !== key) {
    return { state: "running", played: 0, rounds: (JSON.parse(key) as TheoryRequest).rounds };
  }
  return answer.theory;
}
