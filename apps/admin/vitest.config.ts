import { vitestConfig } from "@fuda/vitest-config";

export default vitestConfig({ database: true, jsx: true, workers: 2 });
