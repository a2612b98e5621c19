// `next dev` on the host and port of src/env.ts (a bad value stops there, in one line).
// Production is scripts/server.ts, bundled into the standalone build by `pnpm build`.
import { runNext } from "@fuda/env";

import { env } from "../src/env";

runNext({ mode: process.argv[2], host: env.HOST, port: env.PORT, from: import.meta.url });
