import type { Db } from '@enrich/db';
import type { Logger } from '@enrich/logger';
import { createMetrics, type Metrics } from '@enrich/metrics';
import type { QueueStore } from '@enrich/queue';
import { type AdmitDeps, admitDeps } from './admission/admit';
import { type IdempotencyKeys, postgresIdempotencyKeys } from './admission/idempotency';
import type { ApiConfig } from './api-config';
import { type ApiCaches, createCaches } from './caches';
import { createEventHub, type EventHub } from './events/event-hub';
import { Lifecycle } from './lifecycle';

// Everything a request handler may use; built once in main.ts (or by a test) and passed in.
export interface AppContext {
  config: ApiConfig;
  db: Db;
  /** The queues and the shared state, on Redis or PostgreSQL as QUEUE_STORE says (openQueueStore). */
  queues: QueueStore;
  logger: Logger;
  /** The process's event streams (one subscriber connection for all): createEventHub. */
  events: EventHub;
  /** The process's Prometheus metrics (createMetrics('api')), served by main.ts's metrics listener. */
  metrics: Metrics;
  /** Draining from SIGTERM on: readiness fails and connections are not kept alive. */
  lifecycle: Lifecycle;
  /** Cached responses, trusted keys and sessions, shared counter reads and coalesced lookups: createCaches. */
  caches: ApiCaches;
  /** Admission's dependencies and its coalesced single-submission path (admission/admit.ts). */
  admission: AdmitDeps;
  /** The Idempotency-Keys of the enrichment POSTs and their cached responses (admission/idempotency.ts). */
  idempotency: IdempotencyKeys;
}

/** The parts a process brings (its settings and connections); the rest is made new for it. */
export type AppParts = Pick<AppContext, 'config' | 'db' | 'queues' | 'logger'>;

/** A context for one API process: its own event hub, metrics, lifecycle, caches and admission path beside the parts given. */
export function createAppContext(parts: AppParts): AppContext {
  return {
    ...parts,
    events: createEventHub(parts.config, parts.queues.state, parts.logger),
    metrics: createMetrics('api'),
    lifecycle: new Lifecycle(),
    caches: createCaches(parts.db, parts.config),
    admission: admitDeps(parts),
    idempotency: postgresIdempotencyKeys(parts.db),
  };
}
