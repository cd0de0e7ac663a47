/**
 * Tracing is on when an OTLP endpoint is set (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or
 * OTEL_EXPORTER_OTLP_ENDPOINT), unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 * Off, nothing is loaded and requests carry no trace. On, the OpenTelemetry SDK is loaded now.
 */
import type { Logger } from "../log/logger.ts";
import type { Tracing } from "./trace.ts";

export type TracingEnvironment = Readonly<Record<string, string | undefined>>;

export function tracingWanted(env: TracingEnvironment): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === "none") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

export async function startTracing(env: TracingEnvironment, log: Logger): Promise<Tracing | undefined> {
  if (!tracingWanted(env)) return undefined;
  const { openTelemetryTracing } = await import("./otel.ts");
  return openTelemetryTracing(env, log);
}
