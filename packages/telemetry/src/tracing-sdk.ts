import { createRequire } from "node:module";

import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";

/**
 * OTLP over HTTP, in the encoding OpenTelemetry's variables ask for: `http/protobuf`, or JSON
 * (`http/json`, our default when neither variable is set; gRPC is not offered).
 */
function exporter(): JsonExporter | ProtobufExporter {
  const protocol =
    process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
  return protocol === "http/protobuf" ? new ProtobufExporter() : new JsonExporter();
}

/** tracing.ts, once OTEL_EXPORTER_OTLP_ENDPOINT is known to be set. */
export function startSdk(service: string): () => Promise<void> {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      "service.name": process.env.OTEL_SERVICE_NAME ?? service,
    }),
    spanProcessors: [new BatchSpanProcessor({ exporter: exporter() })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Health probes and scrapes every few seconds would drown the requests that matter.
        ignoreIncomingRequestHook: (req) => /^\/(livez|readyz|metrics)\b/.test(req.url ?? ""),
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  // `node:http` imported as an ES module is never required: require it once so it is patched.
  createRequire(import.meta.url)("node:http");
  return () => provider.shutdown();
}
