import { vitestConfig } from "@fuda/vitest-config";

export default vitestConfig({ database: true, workers: 2 });
