#!/usr/bin/env node
// A local studio's video (docs/studio.md, Video): serves the HLS that ffmpeg writes into <dir>,
// with CORS for the players' site (hls.js fetches the playlist and segments from the page).
//   node scripts/serve-video.mjs <dir> [port=8888] [origin=http://127.0.0.1:3000]
import { readFile } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve } from "node:path";

const [dir, port = "8888", origin = "http://127.0.0.1:3000"] = process.argv.slice(2);
if (dir === undefined) {
  process.stderr.write("usage: node scripts/serve-video.mjs <dir> [port] [origin]\n");
  process.exit(1);
}
const root = resolve(dir);
const types = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".m4s": "video/iso.segment",
  ".mp4": "video/mp4",
  ".jpg": "image/jpeg",
  ".png": "image/png",
};

createServer((request, response) => {
  const file = normalize(join(root, new URL(request.url ?? "/", "http://video").pathname));
  response.setHeader("access-control-allow-origin", origin);
  // A live playlist changes every segment: no cache may keep an old one.
  response.setHeader("cache-control", "no-store");
  if (!file.startsWith(root + "/")) {
    response.writeHead(404).end();
    return;
  }
  readFile(file, (error, data) => {
    if (error) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" })
      .end(data);
  });
}).listen(Number(port), "127.0.0.1", () => {
  process.stdout.write(`serving ${root} on http://127.0.0.1:${port}/ for ${origin}\n`);
});
