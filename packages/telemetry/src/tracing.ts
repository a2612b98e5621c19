/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (OpenTelemetry's own variable, as are
 * OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS and OTEL_EXPORTER_OTLP_PROTOCOL): spans for HTTP
 * in and out, every PostgreSQL query (node-postgres), and ours (span.ts), sent over OTLP/HTTP.
 * Must run before `pg` and `node:http` are first required: the instrumentations patch them as
 * they load, so a server's `main` starts tracing and only then imports its `app`
 * (packages/env/src/bundle.ts keeps `pg` a run-time require for this). The SDK is loaded only
 * then: without an endpoint a server starts without it. Resolves to a function that flushes and
 * stops, or undefined when tracing is off.
 */
export async function startTracing(service: string): Promise<(() => Promise<void>) | undefined> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const { startSdk } = await import("./tracing-sdk");
  return startSdk(service);
}
