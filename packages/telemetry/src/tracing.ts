import type { Telemetry } from 'bullmq';

/** A process's traces, when they are on (see startTracing). */
export interface Tracing {
  serviceName: string;
  /** The OTLP/HTTP URL the spans are sent to. */
  url: string;
  /**
   * BullMQ's own spans (bullmq-otel), for the `telemetry` option of its Queue, Worker and
   * FlowProducer: a job carries the trace context of the code that added it, so the worker's
   * spans join the trace of the request that submitted the work.
   */
  bullmq: Telemetry;
  /** Sends the spans still buffered and stops; call it last on shutdown. Never rejects. */
  shutdown(): Promise<void>;
}
