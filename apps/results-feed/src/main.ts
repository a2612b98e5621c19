// Tracing first: it instruments `pg` and `node:http` as they load, so the server (app.ts) is
// imported only once it runs (packages/telemetry/src/tracing.ts). The bundle's app is app.mjs.
import { startTracing } from "@fuda/telemetry/tracing";

await startTracing("results-feed");
const app = import.meta.url.endsWith(".mjs") ? "./app.mjs" : "./app.ts";
await import(app);
