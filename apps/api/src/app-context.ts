import type { Db } from '@enrich/db';
import type { Logger } from '@enrich/logger';
import type { FlowProducer } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ApiConfig } from './api-config';
import type { EventHub } from './events/event-hub';

// Everything a request handler may use; built once in main.ts (or by a test) and passed in.
export interface AppContext {
  config: ApiConfig;
  db: Db;
  redis: Redis;
  flows: FlowProducer;
  logger: Logger;
  /** The process's event streams (one Redis subscriber for all): createEventHub. */
  events: EventHub;
}
