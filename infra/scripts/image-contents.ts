/**
 * `pnpm --filter @fuda/infra image-contents [app…]`: the size of what each production image
 * holds, where no container runtime exists: its Dockerfile's build and assembly commands run
 * into a temporary folder standing for the image's /app (infra/src/images.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { assembleImage, BASE_IMAGE, folderBytes, IMAGES } from "../src/images";
import type { ImageName } from "../src/images";

const names = process.argv.slice(2);
const images = (names.length > 0 ? names : Object.keys(IMAGES)) as ImageName[];
const unknown = images.filter((name) => !(name in IMAGES));
if (unknown.length > 0) {
  process.stderr.write(`image-contents: no image ${unknown.join(", ")}\n`);
  process.exit(2);
}
process.stdout.write(
  `What each image adds to ${BASE_IMAGE.name} (≈ ${BASE_IMAGE.megabytes} MB unpacked):\n`,
);
for (const image of images) {
  const dir = await mkdtemp(join(tmpdir(), `fuda-image-${image}-`));
  try {
    await assembleImage(image, dir);
    const megabytes = (await folderBytes(dir)) / 1_000_000;
    const total = megabytes + BASE_IMAGE.megabytes;
    process.stdout.write(
      `  ${image.padEnd(13)} ${megabytes.toFixed(1).padStart(6)} MB  (image ≈ ${total.toFixed(0)} MB)\n`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
