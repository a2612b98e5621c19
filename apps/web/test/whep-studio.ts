import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { Socket } from "node:net";

import type { Browser, BrowserContext, Page } from "playwright-core";

import { freePort } from "@fuda/testkit";

/** A studio's WebRTC media server for one test file: a WHEP endpoint (RFC 9725) over HTTP. */
export interface WhepStudio {
  /** The WHEP endpoint a table's `stream.whep` names. */
  endpoint: string;
  /** Sessions open now (a player's page that left DELETEs its own). */
  sessions(): Promise<number>;
  /** The camera goes off the air: every session ends and new offers are refused (503) until `resume`. */
  cut(): Promise<void>;
  resume(): void;
  stop(): Promise<void>;
}

/**
 * A WHEP endpoint answered by a page of the test's Chromium: a moving canvas is the camera, each
 * offer POSTed gets a peer connection of its own sending it, and its answer is the reply (201,
 * `Location` the session to DELETE). node:http speaks for the page, with CORS for `origin`.
 */
export async function startWhepStudio({
  browser,
  origin,
}: {
  browser: Browser;
  origin: string;
}): Promise<WhepStudio> {
  const context: BrowserContext = await browser.newContext();
  const studio: Page = await context.newPage();
  await studio.setContent("<canvas width=640 height=360></canvas>");
  await studio.evaluate(() => {
    const canvas = document.querySelector("canvas")!;
    const draw = canvas.getContext("2d")!;
    let frame = 0;
    setInterval(() => {
      frame += 1;
      draw.fillStyle = `hsl(${(frame * 3) % 360} 70% 35%)`;
      draw.fillRect(0, 0, 640, 360);
      draw.fillStyle = "#fff";
      draw.font = "48px sans-serif";
      draw.fillText(`WHEP ${frame}`, 40, 200);
    }, 40);
    const camera = canvas.captureStream(25);
    const sessions = new Map<string, RTCPeerConnection>();
    Object.assign(window, {
      sessions,
      answer: async (id: string, offer: string): Promise<string> => {
        const peer = new RTCPeerConnection();
        sessions.set(id, peer);
        for (const track of camera.getTracks()) peer.addTrack(track, camera);
        await peer.setRemoteDescription({ type: "offer", sdp: offer });
        await peer.setLocalDescription(await peer.createAnswer());
        await new Promise<void>((resolve) => {
          const done = () => {
            if (peer.iceGatheringState === "complete") resolve();
          };
          peer.addEventListener("icegatheringstatechange", done);
          setTimeout(resolve, 2_000);
          done();
        });
        return peer.localDescription!.sdp;
      },
      end: (id?: string) => {
        for (const [key, peer] of sessions) {
          if (id !== undefined && key !== id) continue;
          peer.close();
          sessions.delete(key);
        }
      },
    });
  });

  let onAir = true;
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://studio").pathname;
    response.setHeader("access-control-allow-origin", origin);
    response.setHeader("access-control-expose-headers", "location");
    if (request.method === "OPTIONS") {
      response.setHeader("access-control-allow-methods", "POST, DELETE");
      response.setHeader("access-control-allow-headers", "content-type");
      response.writeHead(204).end();
      return;
    }
    if (request.method === "DELETE" && path.startsWith("/whep/")) {
      const id = path.slice("/whep/".length);
      void studio.evaluate((session) => {
        (window as unknown as { end(id?: string): void }).end(session);
      }, id);
      response.writeHead(200).end();
      return;
    }
    if (request.method !== "POST" || path !== "/whep") {
      response.writeHead(404).end();
      return;
    }
    if (!onAir) {
      response.writeHead(503, { "content-type": "text/plain" }).end("off the air");
      return;
    }
    let offer = "";
    request.on("data", (chunk: Buffer) => {
      offer += chunk.toString();
    });
    request.on("end", () => {
      const id = randomUUID();
      studio
        .evaluate(
          ([session, sdp]) =>
            (window as unknown as { answer(id: string, sdp: string): Promise<string> }).answer(
              session,
              sdp,
            ),
          [id, offer] as const,
        )
        .then(
          (answer) => {
            response
              .writeHead(201, { "content-type": "application/sdp", location: `/whep/${id}` })
              .end(answer);
          },
          (error: unknown) => {
            response.writeHead(500).end(String(error));
          },
        );
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  const end = () =>
    studio.evaluate(() => {
      (window as unknown as { end(id?: string): void }).end();
    });
  return {
    endpoint: `http://127.0.0.1:${port}/whep`,
    sessions: () =>
      studio.evaluate(
        () => (window as unknown as { sessions: Map<string, unknown> }).sessions.size,
      ),
    cut: async () => {
      onAir = false;
      await end();
    },
    resume: () => {
      onAir = true;
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
      await context.close();
    },
  };
}
