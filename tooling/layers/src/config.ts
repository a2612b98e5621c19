import { createRequire } from "node:module";
import { join } from "node:path";

import * as z from "zod";

/** The repository's root, where `.dependency-cruiser.cjs` lives. */
export const repoRoot = join(import.meta.dirname, "../../..");

export const CONFIG_FILE = ".dependency-cruiser.cjs";

const layersSchema = z.object({
  LAYERS: z.record(z.string(), z.array(z.string())),
  DEV_SHARED: z.array(z.string()),
  DEV_EXTRA: z.record(z.string(), z.array(z.string())),
});

/** The layer table of `.dependency-cruiser.cjs`: what each package's `src/` may import. */
export type Layers = z.infer<typeof layersSchema>;

/** Reads the layer table the rules are generated from (the diagram is drawn from it too). */
export function readLayers(root = repoRoot): Layers {
  const require = createRequire(join(root, "package.json"));
  return layersSchema.parse(require(join(root, CONFIG_FILE)));
}
