import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFile, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";

import { freePort } from "@fuda/testkit";

const FFMPEG = "/usr/bin/ffmpeg";

/** docs/studio.md, Video: the local recipe, 1 s segments so that a test sees the live edge move. */
const RECIPE = [
  ["-re", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25"],
  ["-f", "lavfi", "-i", "sine=frequency=440"],
  ["-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-g", "25", "-c:a", "aac"],
  ["-f", "hls", "-hls_time", "1", "-hls_list_size", "6"],
  ["-hls_flags", "delete_segments+independent_segments"],
].flat();

const TYPES: Record<string, string> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".jpg": "image/jpeg",
};

/** A studio's media server for one test file: ffmpeg's test picture as live HLS over HTTP. */
export interface HlsStream {
  /** The server's origin, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The live playlist. */
  playlist: string;
  /** A still of the test picture (the table's poster). */
  poster: string;
  /** A WHEP endpoint that refuses every offer (503): WebRTC fails, the page falls back to HLS. */
  whep: string;
  /** Serving, or not: every request answered 404 and open connections cut, ffmpeg going on. */
  serve(on: boolean): void;
  stop(): Promise<void>;
}

/**
 * Starts ffmpeg writing HLS into a temporary folder and a node:http server in front of it that
 * answers CORS for `origin` (the web app's, where hls.js fetches from) and can stop serving and
 * start again, as a media server that goes down mid-round. Resolves once the playlist has three
 * segments (a player can start).
 */
export async function startHlsStream({ origin }: { origin: string }): Promise<HlsStream> {
  if (!existsSync(FFMPEG)) {
    throw new Error(`${FFMPEG} is missing: install it with \`apt-get install -y ffmpeg\``);
  }
  const folder = mkdtempSync(join(tmpdir(), "fuda-hls-"));
  const still = spawnSync(FFMPEG, [
    ...["-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360"],
    ...["-frames:v", "1", join(folder, "poster.jpg")],
  ]);
  if (still.status !== 0) throw new Error(`ffmpeg (poster): ${still.stderr.toString()}`);
  const ffmpeg: ChildProcess = spawn(
    FFMPEG,
    ["-loglevel", "error", ...RECIPE, join(folder, "live.m3u8")],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let ffmpegErrors = "";
  ffmpeg.stderr?.on("data", (chunk: Buffer) => {
    ffmpegErrors += chunk.toString();
  });

  let serving = true;
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://stream").pathname;
    response.setHeader("access-control-allow-origin", origin);
    response.setHeader("cache-control", "no-store");
    if (request.method === "OPTIONS") {
      response.setHeader("access-control-allow-methods", "GET, POST");
      response.setHeader("access-control-allow-headers", "content-type");
      response.writeHead(204).end();
      return;
    }
    if (path === "/whep") {
      response.writeHead(503, { "content-type": "text/plain" }).end("no WebRTC here");
      return;
    }
    const file = normalize(join(folder, path));
    if (!serving || !file.startsWith(folder + "/")) {
      response.writeHead(404).end();
      return;
    }
    readFile(file, (error, data) => {
      if (error) {
        response.writeHead(404).end();
        return;
      }
      response
        .writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" })
        .end(data);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    ffmpeg.kill("SIGKILL");
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  };

  const segments = () => readdirSync(folder).filter((name) => name.endsWith(".ts")).length;
  for (let waited = 0; segments() < 3; waited += 100) {
    if (ffmpeg.exitCode !== null || waited > 20_000) {
      await stop();
      throw new Error(`ffmpeg wrote no HLS: ${ffmpegErrors || `exit ${ffmpeg.exitCode}`}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    playlist: `${url}/live.m3u8`,
    poster: `${url}/poster.jpg`,
    whep: `${url}/whep`,
    serve(on) {
      serving = on;
      // A server that went away: the player's open requests end too.
      if (!on) for (const socket of sockets) socket.destroy();
    },
    stop,
  };
}
