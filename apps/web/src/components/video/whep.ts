import type { LiveSource } from "./live-source";

/** Our offer carries the candidates host gathering finds at once; no STUN server is asked. */
const GATHER_MS = 1_000;
/** ICE may come back from "disconnected" by itself; this long without it, the stream is lost. */
const DISCONNECTED_MS = 3_000;

/** Resolves when ICE gathering completes or `ms` pass, whichever is first. */
function gathered(peer: RTCPeerConnection, ms: number): Promise<void> {
  if (peer.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      peer.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => {
      if (peer.iceGatheringState === "complete") done();
    };
    const timer = setTimeout(done, ms);
    peer.addEventListener("icegatheringstatechange", check);
  });
}

/** Resolves once the peer connection is up; rejects when it fails or `signal` aborts. */
function connected(peer: RTCPeerConnection, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      peer.removeEventListener("connectionstatechange", check);
      signal.removeEventListener("abort", abort);
      if (error === undefined) resolve();
      else reject(error);
    };
    const check = () => {
      if (peer.connectionState === "connected") finish();
      else if (peer.connectionState === "failed" || peer.connectionState === "closed") {
        finish(new Error(`WHEP: ICE ${peer.connectionState}`));
      }
    };
    const abort = () => {
      finish(new Error("WHEP: no connection in time"));
    };
    if (signal.aborted) {
      abort();
      return;
    }
    peer.addEventListener("connectionstatechange", check);
    signal.addEventListener("abort", abort);
    check();
  });
}

/**
 * The table's WebRTC stream from a WHEP endpoint (RFC 9725): a receive-only offer with one video
 * and one audio transceiver, POSTed as `application/sdp`; the answer completes the connection.
 * Rejects when the endpoint refuses (an HTTP error), ICE fails or `timeoutMs` pass; the caller
 * falls back to HLS. Once playing, a connection that fails (or stays disconnected) calls `onLost`.
 */
export async function playWhep(
  video: HTMLVideoElement,
  endpoint: string,
  { timeoutMs, onLost }: { timeoutMs: number; onLost: () => void },
): Promise<LiveSource> {
  const signal = AbortSignal.timeout(timeoutMs);
  const peer = new RTCPeerConnection({ bundlePolicy: "max-bundle" });
  peer.addTransceiver("video", { direction: "recvonly" });
  peer.addTransceiver("audio", { direction: "recvonly" });
  const media = new MediaStream();
  peer.addEventListener("track", (event) => {
    media.addTrack(event.track);
  });
  // The session's resource (the answer's Location): DELETE ends it on the server at once.
  let session: string | null = null;
  let away: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(away);
    peer.close();
    if (video.srcObject === media) video.srcObject = null;
    if (session !== null) void fetch(session, { method: "DELETE" }).catch(() => undefined);
  };
  try {
    await peer.setLocalDescription(await peer.createOffer());
    await gathered(peer, GATHER_MS);
    const answer = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/sdp" },
      body: peer.localDescription?.sdp ?? "",
      signal,
    });
    if (!answer.ok) throw new Error(`WHEP: HTTP ${answer.status}`);
    const location = answer.headers.get("location");
    session = location === null ? null : new URL(location, endpoint).href;
    await peer.setRemoteDescription({ type: "answer", sdp: await answer.text() });
    await connected(peer, signal);
  } catch (error) {
    stop();
    throw error;
  }
  peer.addEventListener("connectionstatechange", () => {
    clearTimeout(away);
    if (peer.connectionState === "failed") onLost();
    else if (peer.connectionState === "disconnected") away = setTimeout(onLost, DISCONNECTED_MS);
  });
  video.srcObject = media;
  // Under a second behind the studio: WebRTC plays what arrives, with no buffer to measure.
  return { kind: "whep", latency: () => null, stop };
}
