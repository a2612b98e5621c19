"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";

import type { TableStream } from "@fuda/contracts";

import type { SourceKind } from "./live-source";
import type { LiveVideo, VideoState } from "./live-video";
import { playLiveVideo } from "./live-video";
import styles from "./table-video.module.css";

/** The latency badge's pace. */
const TICK_MS = 1_000;

/** A speaker, struck through while muted. */
function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? (
        <path d="M16 9l5 6m0-6l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path
          d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
          stroke="currentColor"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

/**
 * The table's live video from the studio's media server (docs/studio.md, Video), above the
 * table's cards: WebRTC (WHEP) when the table has it, else HLS; muted until the player unmutes,
 * with how far behind live it is. A table without video shows nothing; a video that cannot play
 * leaves the table as it is with one line saying so. The cards, results and bets follow the
 * table's events, never the video.
 */
export function TableVideo({ stream }: { stream: TableStream | undefined }) {
  const t = useTranslations("video");
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<VideoState>("connecting");
  const [source, setSource] = useState<SourceKind | null>(null);
  const [latency, setLatency] = useState<number | null>(null);
  const [muted, setMuted] = useState(true);
  // Old `table.updated` events carry no stream: no video.
  const hls = stream?.hls ?? null;
  const whep = stream?.whep ?? null;
  const poster = stream?.poster ?? null;

  useEffect(() => {
    const element = video.current;
    if (element === null || (hls === null && whep === null)) return;
    const live: LiveVideo = playLiveVideo({
      video: element,
      stream: { hls, whep, poster: null },
      report: (next, kind) => {
        setState(next);
        setSource(kind);
      },
    });
    const tick = setInterval(() => {
      setLatency(live.latency());
    }, TICK_MS);
    return () => {
      clearInterval(tick);
      live.stop();
      setState("connecting");
      setSource(null);
      setLatency(null);
    };
  }, [hls, whep]);

  if (hls === null && whep === null) return null;

  const message =
    state === "failed"
      ? t("unavailable")
      : state === "reconnecting"
        ? t("reconnecting")
        : state === "connecting"
          ? t("connecting")
          : null;
  const behind =
    source === "whep"
      ? t("latencyWebRtc")
      : latency === null
        ? null
        : t("latency", { seconds: Math.round(latency * 10) / 10 });

  return (
    <section
      className={styles.video}
      aria-label={t("label")}
      data-video-state={state}
      data-source={source ?? ""}
    >
      <div className={styles.screen}>
        <video
          ref={video}
          className={styles.picture}
          data-testid="table-video"
          poster={poster ?? undefined}
          muted
          playsInline
          autoPlay
          onVolumeChange={(event) => {
            setMuted(event.currentTarget.muted);
          }}
        />
        {state === "playing" && (
          <p className={styles.live} data-testid="video-latency">
            <span className={styles.onAir}>{t("live")}</span>
            {behind !== null && <span className={styles.behind}>{behind}</span>}
          </p>
        )}
        {state !== "failed" && message !== null && (
          <p className={styles.overlay} role="status" data-testid="video-message">
            {message}
          </p>
        )}
        {state === "playing" && (
          <button
            type="button"
            className={styles.sound}
            data-testid="video-sound"
            data-muted={muted}
            onClick={() => {
              const element = video.current;
              if (element === null) return;
              element.muted = !element.muted;
              // A browser that refused to autoplay starts now, on the player's tap.
              void element.play().catch(() => undefined);
            }}
          >
            <SpeakerIcon muted={muted} />
            {muted ? t("unmute") : t("mute")}
          </button>
        )}
      </div>
      {state === "failed" && (
        <p className={styles.unavailable} role="status" data-testid="video-message">
          {t("unavailable")}
        </p>
      )}
    </section>
  );
}
