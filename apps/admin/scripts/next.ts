// `next dev|start` on the host and port of src/env.ts (a bad value stops there, in one line).
import { runNext } from "@fuda/env";

import { env } from "../src/env";

runNext({ mode: process.argv[2], host: env.HOST, port: env.PORT, from: import.meta.url });
