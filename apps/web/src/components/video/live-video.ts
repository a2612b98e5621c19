import type { TableStream } from "@fuda/contracts";

import type { LiveSource, SourceKind } from "./live-source";
import { hlsPlayerOf, playHlsJs, playNativeHls } from "./live-source";
import { playWhep } from "./whep";

/** What the player sees of the table's video (the wrapper's `data-video-state`). */
export type VideoState = "connecting" | "playing" | "reconnecting" | "failed";

/** WebRTC that has not connected by then gives way to HLS. */
const WHEP_START_MS = 5_000;
/** A start that has not played by then failed (hls.js alone would wait 20 s for a playlist). */
const START_MS = 10_000;
/** A stream that played and stopped: try again this often, until it plays again. */
const RECONNECT_MS = 2_000;
/** A stream that never played (the studio not on air yet): look again now and then. */
const UNAVAILABLE_RETRY_MS = 15_000;
/** A picture frozen this long while it should play: the stream stopped without an error. */
const FROZEN_MS = 5_000;

export interface LiveVideo {
  /** Seconds behind live, when the source tells; null for WebRTC (under a second) or unknown. */
  latency(): number | null;
  stop(): void;
}

/**
 * Plays the table's `stream` in `video` and keeps it playing: WHEP first when the table has it,
 * HLS when WHEP fails or is absent. A stream that played and stops (a fatal hls.js error, a
 * media error, ICE lost, a picture that froze) is "reconnecting" and tried again every 2 s until
 * it plays by itself again; one that never started is "failed" and looked at again every 15 s.
 * `report` hears every state and the source playing.
 */
export function playLiveVideo({
  video,
  stream,
  report,
}: {
  video: HTMLVideoElement;
  stream: TableStream;
  report: (state: VideoState, source: SourceKind | null) => void;
}): LiveVideo {
  let stopped = false;
  let played = false;
  let state: VideoState = "connecting";
  let source: LiveSource | null = null;
  // Each start has its number: a start overtaken by a loss or a stop drops what it opened.
  let start = 0;
  let startTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let frozenMs = 0;
  let lastTime = -1;

  const set = (next: VideoState) => {
    state = next;
    report(next, source?.kind ?? null);
  };

  const lost = () => {
    if (stopped) return;
    start += 1;
    clearTimeout(startTimer);
    clearTimeout(retryTimer);
    source?.stop();
    source = null;
    set(played ? "reconnecting" : "failed");
    retryTimer = setTimeout(() => void attempt(), played ? RECONNECT_MS : UNAVAILABLE_RETRY_MS);
  };

  async function open(current: number): Promise<LiveSource> {
    if (stream.whep !== null) {
      try {
        return await playWhep(video, stream.whep, { timeoutMs: WHEP_START_MS, onLost: lost });
      } catch (error) {
        if (stream.hls === null || current !== start) throw error;
      }
    }
    const player = hlsPlayerOf(video);
    if (stream.hls === null || player === null) throw new Error("no way to play this stream");
    return player === "hls.js"
      ? await playHlsJs(video, stream.hls, lost)
      : playNativeHls(video, stream.hls, lost);
  }

  async function attempt(): Promise<void> {
    const current = ++start;
    frozenMs = 0;
    startTimer = setTimeout(lost, START_MS);
    try {
      const opened = await open(current);
      if (stopped || current !== start) {
        opened.stop();
        return;
      }
      source = opened;
      // Muted, autoplay is allowed everywhere; a refusal leaves the unmute button to start it.
      video.play().catch(() => undefined);
    } catch {
      if (current === start) lost();
    }
  }

  const onPlaying = () => {
    if (source === null) return;
    played = true;
    clearTimeout(startTimer);
    frozenMs = 0;
    if (state !== "playing") set("playing");
  };
  video.addEventListener("playing", onPlaying);

  // hls.js raises no error while a live playlist merely stops growing, nor does the browser's own
  // HLS when the network goes: a picture that should move and does not is a lost stream too.
  const watch = setInterval(() => {
    if (state !== "playing" || video.paused) {
      frozenMs = 0;
    } else if (video.currentTime === lastTime) {
      frozenMs += 1_000;
      if (frozenMs >= FROZEN_MS) lost();
    } else {
      frozenMs = 0;
    }
    lastTime = video.currentTime;
  }, 1_000);

  video.muted = true;
  void attempt();

  return {
    latency: () => (state === "playing" ? (source?.latency() ?? null) : null),
    stop: () => {
      stopped = true;
      start += 1;
      clearTimeout(startTimer);
      clearTimeout(retryTimer);
      clearInterval(watch);
      video.removeEventListener("playing", onPlaying);
      source?.stop();
      source = null;
    },
  };
}
