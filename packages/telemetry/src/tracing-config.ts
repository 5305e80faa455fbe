import { envBool } from '@enrich/config';
import { z } from 'zod';

const optionalHttpUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => {
    if (value === undefined) return true;
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be a URL starting with http:// or https://');

// OpenTelemetry's own variable names, so that whatever a collector's documentation says applies.
// Traces are on only when an OTLP endpoint is set (and the SDK is not disabled).
export const tracingEnv = z.object({
  // The collector's OTLP/HTTP base URL; traces go to <it>/v1/traces.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalHttpUrl,
  // The full traces URL, when it is not <base>/v1/traces; wins over the base URL.
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalHttpUrl,
  // service.name of the spans; by default one per process kind (enrich-api, enrich-worker-scrape, …).
  OTEL_SERVICE_NAME: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  OTEL_SDK_DISABLED: envBool(false),
});
export type TracingSettings = z.infer<typeof tracingEnv>;

/** Where the spans go (OTLP/HTTP), or undefined when traces are off. */
export function tracesUrl(settings: TracingSettings): string | undefined {
  if (settings.OTEL_SDK_DISABLED) return undefined;
  if (settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (settings.OTEL_EXPORTER_OTLP_ENDPOINT) return `${settings.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return undefined;
}
