export { CONFIG_FILE, readLayers, repoRoot } from "./config";
export type { Layers } from "./config";
export { cruiseLayers } from "./cruise";
export type { LayersReport } from "./cruise";
export { layersMermaid } from "./graph";
