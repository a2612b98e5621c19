"use client";

import { useEffect, useState } from "react";

/** How long each card takes to come out, in a quick hand and in a replay. */
export const REVEAL_MS = 450;

export interface Reveal {
  /** How many of the cards are shown. */
  shown: number;
  playing: boolean;
  done: boolean;
  /** Plays on from here, or from the first card once all are shown. */
  play: () => void;
  pause: () => void;
  /** One card more (or one back), paused. */
  step: () => void;
  back: () => void;
  restart: () => void;
}

/**
 * Cards shown one at a time, in the order they came out: playing on by itself every
 * `REVEAL_MS`, or stepped by hand. A new `key` (another hand) starts again: from the first card
 * while `playing`, else with every card already shown (a hand seen before, e.g. after a reload).
 */
export function useReveal({
  key,
  total,
  autoplay,
}: {
  key: string;
  total: number;
  autoplay: boolean;
}): Reveal {
  const [state, setState] = useState({ key, shown: autoplay ? 0 : total, playing: autoplay });
  // A new hand: adjusted during render, so its first frame never shows the old hand's count.
  let current = state;
  if (state.key !== key) {
    current = { key, shown: autoplay ? 0 : total, playing: autoplay };
    setState(current);
  }
  const { shown, playing } = current;

  useEffect(() => {
    if (!playing || shown >= total) return;
    const timer = setTimeout(() => {
      setState((now) => {
        const next = Math.min(now.shown + 1, total);
        return { ...now, shown: next, playing: next < total };
      });
    }, REVEAL_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [playing, shown, total]);

  const set = (shownNow: number, playingNow: boolean) => {
    setState((now) => ({
      ...now,
      shown: Math.max(0, Math.min(shownNow, total)),
      playing: playingNow,
    }));
  };
  return {
    shown,
    playing,
    done: shown >= total,
    play: () => {
      set(shown >= total ? 0 : shown, true);
    },
    pause: () => {
      set(shown, false);
    },
    step: () => {
      set(shown + 1, false);
    },
    back: () => {
      set(shown - 1, false);
    },
    restart: () => {
      set(0, false);
    },
  };
}
