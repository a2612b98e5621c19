"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";

import styles from "./site-header.module.css";

/**
 * The table's sounds (issue 41, Sound): the dealer's calls spoken in the page's language (what the
 * screen-reader announcer says: bets open, closed, the result, the player's own win) and a chip's
 * click when a bet is placed. Muted until the player turns it on; the choice is kept on this
 * browser.
 */
export const SOUND_KEY = "fuda.sound";

const listeners = new Set<() => void>();
/** The choice for this page when storage is refused (private mode). */
let fallback = false;

function soundOn(): boolean {
  try {
    return window.localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return fallback;
  }
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SOUND_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

function setSound(on: boolean): void {
  fallback = on;
  try {
    window.localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    // Storage refused: on for this page only.
  }
  if (!on && typeof speechSynthesis !== "undefined") speechSynthesis.cancel();
  for (const listener of listeners) listener();
}

let audio: AudioContext | undefined;

/** A chip laid on the felt: a short bright click (made here, no file to load). */
export function playChip(): void {
  if (!soundOn() || typeof AudioContext === "undefined") return;
  audio ??= new AudioContext();
  const now = audio.currentTime;
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.type = "triangle";
  tone.frequency.setValueAtTime(2_400, now);
  tone.frequency.exponentialRampToValueAtTime(900, now + 0.06);
  gain.gain.setValueAtTime(0.25, now);
  gain.gain.exponentialRampToValueAtTime(0.001, now + 0.09);
  tone.connect(gain).connect(audio.destination);
  tone.start(now);
  tone.stop(now + 0.1);
}

/** The dealer's call, in the page's language (`<html lang>`), when sound is on. */
export function speakCall(text: string): void {
  if (text === "" || !soundOn() || typeof speechSynthesis === "undefined") return;
  const call = new SpeechSynthesisUtterance(text);
  call.lang = document.documentElement.lang;
  speechSynthesis.speak(call);
}

/** The header's switch: pressed when sound is on. */
export function SoundSwitch() {
  const t = useTranslations("sound");
  const on = useSyncExternalStore(subscribe, soundOn, () => false);
  return (
    <button
      type="button"
      className={styles.button}
      aria-pressed={on}
      data-testid="sound"
      title={t(on ? "turnOff" : "turnOn")}
      onClick={() => {
        setSound(!on);
      }}
    >
      <svg className={styles.soundIcon} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        {on ? (
          <path
            d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        ) : (
          <path
            d="M16 9l6 6M22 9l-6 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        )}
      </svg>{" "}
      {t("label")}
    </button>
  );
}
