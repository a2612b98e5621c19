/** How the table's video reaches the page. */
export type SourceKind = "whep" | "hls.js" | "native";

/** A stream attached to the page's <video>. */
export interface LiveSource {
  kind: SourceKind;
  /** Seconds behind the live edge, when the source can tell. */
  latency(): number | null;
  /** Detaches the stream from the <video> and lets go of its connections. */
  stop(): void;
}

const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * hls.js where the browser has Media Source Extensions (iPhones since iOS 17.1 have its managed
 * form), the browser's own HLS only where it has not (older iPhones). Recent Chromium (156 here)
 * answers "maybe" for HLS too, but its own player reports no live edge and raises no error when a
 * playlist stops changing; hls.js gives both, the same in every browser.
 */
export function hlsPlayerOf(video: HTMLVideoElement): "hls.js" | "native" | null {
  if ("MediaSource" in window || "ManagedMediaSource" in window) return "hls.js";
  return video.canPlayType(HLS_TYPE) === "" ? null : "native";
}

/**
 * The HLS playlist through hls.js, loaded only now (a table without video, or with WebRTC, never
 * downloads it: the table page's first-load budget). The full build, not hls.js/light: media
 * servers such as MediaMTX publish the audio as a rendition of its own, which light lacks.
 * Any fatal error calls `onLost`; the caller starts over with a new player.
 */
export async function playHlsJs(
  video: HTMLVideoElement,
  playlist: string,
  onLost: () => void,
): Promise<LiveSource> {
  const { default: Hls } = await import("hls.js");
  if (!Hls.isSupported()) throw new Error("hls.js: no Media Source Extensions");
  const hls = new Hls({
    // A table's video is watched live: after a stall, catch up with the studio a little faster.
    maxLiveSyncPlaybackRate: 1.5,
    backBufferLength: 30,
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onLost();
  });
  hls.loadSource(playlist);
  hls.attachMedia(video);
  return {
    kind: "hls.js",
    latency: () => (Number.isFinite(hls.latency) && hls.latency > 0 ? hls.latency : null),
    stop: () => {
      // The <video> lets go of the media source first: hls.js revokes its URL, and a URL revoked
      // under an element still reading it shows as a failed request.
      video.removeAttribute("src");
      video.load();
      hls.destroy();
    },
  };
}

/** The HLS playlist as the browser's own `src`; a media error calls `onLost`. */
export function playNativeHls(
  video: HTMLVideoElement,
  playlist: string,
  onLost: () => void,
): LiveSource {
  video.addEventListener("error", onLost);
  video.src = playlist;
  return {
    kind: "native",
    latency: () => {
      const { seekable } = video;
      if (seekable.length === 0) return null;
      const behind = seekable.end(seekable.length - 1) - video.currentTime;
      return behind > 0 ? behind : null;
    },
    stop: () => {
      video.removeEventListener("error", onLost);
      video.removeAttribute("src");
      video.load();
    },
  };
}
