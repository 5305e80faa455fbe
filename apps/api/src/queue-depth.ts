import type { BeforeScrape, Metrics } from '@enrich/metrics';
import { QueueName, type RedisClient } from '@enrich/queue';
import { Queue } from 'bullmq';
import { withTimeout } from './with-timeout';

/** The states `queueJobs` reports for every queue, as BullMQ names them. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'waiting-children'] as const;

// A scrape must not hang on a Redis that never connected (BullMQ would wait for it).
const COUNT_TIMEOUT_MS = 2000;

export interface QueueDepth {
  /** Fills `queueJobs` {queue, state} from BullMQ: the listener runs it before each scrape. */
  beforeScrape: BeforeScrape;
  close(): Promise<void>;
}

/**
 * Every queue of the job catalogue, opened once (main.ts) over the API's Redis connection and
 * read on each scrape: one count per state, prioritized jobs counted as waiting (they wait
 * too, in order of priority). When Redis does not answer, the gauges keep their last values.
 */
export function queueDepth(metrics: Metrics, connection: RedisClient, prefix: string): QueueDepth {
  const queues = Object.values(QueueName).map((name) => new Queue(name, { connection, prefix }));
  for (const queue of queues) queue.on('error', () => undefined); // reported by /readyz
  const read = async (queue: Queue) => {
    const counts = await queue.getJobCounts(...QUEUE_STATES, 'prioritized');
    for (const state of QUEUE_STATES) {
      const jobs = (counts[state] ?? 0) + (state === 'waiting' ? (counts.prioritized ?? 0) : 0);
      metrics.queueJobs.set({ queue: queue.name, state }, jobs);
    }
  };
  return {
    beforeScrape: async () => {
      await withTimeout(Promise.all(queues.map(read)), COUNT_TIMEOUT_MS);
    },
    close: async () => {
      await Promise.all(queues.map((queue) => queue.close()));
    },
  };
}
