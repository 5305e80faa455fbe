import type { BeforeScrape, Metrics } from '@enrich/metrics';
import { QueueName, type QueueStore } from '@enrich/queue';
import type { Queue } from 'bullmq';
import { withTimeout } from './with-timeout';

/** The states `queueJobs` reports for every queue, as BullMQ names them. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'waiting-children'] as const;

// A scrape must not hang on a store that never connected (BullMQ would wait for it).
const COUNT_TIMEOUT_MS = 2000;

/**
 * Fills `queueJobs` {queue, state} from BullMQ for every queue of the job catalogue (the
 * process's queues, from its store): the metrics listener runs it before each scrape. One
 * count per state, prioritized jobs counted as waiting (they wait too, in order of priority).
 * When the store does not answer, the gauges keep their last values.
 */
export function queueDepth(metrics: Metrics, store: Pick<QueueStore, 'queue'>): BeforeScrape {
  const queues = Object.values(QueueName).map((name) => store.queue(name));
  const read = async (queue: Queue) => {
    const counts = await queue.getJobCounts(...QUEUE_STATES, 'prioritized');
    for (const state of QUEUE_STATES) {
      const jobs = (counts[state] ?? 0) + (state === 'waiting' ? (counts.prioritized ?? 0) : 0);
      metrics.queueJobs.set({ queue: queue.name, state }, jobs);
    }
  };
  return async () => {
    await withTimeout(Promise.all(queues.map(read)), COUNT_TIMEOUT_MS);
  };
}
