"use client";

import { useCallback, useSyncExternalStore } from "react";

/** A player whose lines this browser does not show. */
export interface HiddenPlayer {
  userId: string;
  name: string;
}

/** Where the list is kept: on this browser only, for every table. */
export const HIDDEN_PLAYERS_KEY = "fuda.chat.hidden";

const NOBODY: HiddenPlayer[] = [];

function parseHidden(raw: string | null): HiddenPlayer[] {
  try {
    const stored: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(stored)
      ? stored.filter(
          (entry): entry is HiddenPlayer =>
            typeof (entry as HiddenPlayer | null)?.userId === "string" &&
            typeof (entry as HiddenPlayer).name === "string",
        )
      : NOBODY;
  } catch {
    // A list written by hand: nobody hidden.
    return NOBODY;
  }
}

// The list as last read, the same array while the stored text is the same (what React compares).
let held: { raw: string | null; players: HiddenPlayer[] } = { raw: null, players: NOBODY };
const listeners = new Set<() => void>();

function hiddenNow(): HiddenPlayer[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(HIDDEN_PLAYERS_KEY);
  } catch {
    // Storage refused (private mode): the list lives in this page only.
    return held.players;
  }
  if (raw !== held.raw) held = { raw, players: parseHidden(raw) };
  return held.players;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab of the browser hid or showed someone.
  const onStorage = (event: StorageEvent) => {
    if (event.key === HIDDEN_PLAYERS_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

function keep(players: HiddenPlayer[]): void {
  const raw = JSON.stringify(players);
  held = { raw, players };
  try {
    window.localStorage.setItem(HIDDEN_PLAYERS_KEY, raw);
  } catch {
    // Storage refused: hidden for this page only.
  }
  for (const listener of listeners) listener();
}

/** The players the reader hid (none on the server, which has no localStorage). */
export function useHiddenPlayers() {
  const hidden = useSyncExternalStore(subscribe, hiddenNow, () => NOBODY);
  const hide = useCallback((player: HiddenPlayer) => {
    const now = hiddenNow();
    if (!now.some((entry) => entry.userId === player.userId)) keep([...now, player]);
  }, []);
  const show = useCallback((userId: string) => {
    keep(hiddenNow().filter((entry) => entry.userId !== userId));
  }, []);
  return { hidden, hide, show };
}
