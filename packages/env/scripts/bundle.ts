// `pnpm build` of a Node app (run from its folder): its server as one module, dist/main.mjs.
import { bundleApp } from "../src/bundle";

await bundleApp(process.cwd());
