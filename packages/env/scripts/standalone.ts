// `pnpm build` of a Next app, after `next build` (run from its folder): the production server,
// .next/standalone/apps/<app>/server.mjs, with the built assets beside it.
import { bundleNextServer } from "../src/standalone";

await bundleNextServer(process.cwd());
