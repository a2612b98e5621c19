import { vitestConfig } from "@fuda/vitest-config";

export default vitestConfig();
