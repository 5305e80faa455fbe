import type { Logger } from '@enrich/logger';
import { type RetryPolicy, webhookJobs } from '@enrich/queue';
import type { Queue } from 'bullmq';

/**
 * Queues the webhook deliveries a committed change owes (their rows are already in Postgres).
 * Never fails its caller: a job that completed stays completed when Redis refuses, and the
 * reconciler queues what is still owed.
 */
export interface DeliveryQueue {
  /** `requestId`: that of the request whose job or batch owes them, for the deliveries' log lines. */
  queue(deliveryIds: readonly string[], requestId?: string): Promise<void>;
}

export function deliveryQueue(queue: Queue, retry: RetryPolicy, logger: Logger): DeliveryQueue {
  return {
    async queue(deliveryIds, requestId) {
      if (deliveryIds.length === 0) return;
      try {
        await queue.addBulk(webhookJobs(deliveryIds, retry, requestId));
      } catch (error) {
        logger.warn('could not queue webhook deliveries; the reconciler will', { deliveries: deliveryIds.length, error });
      }
    },
  };
}

/** For a step run where nothing can be queued (tests of the steps alone): the reconciler queues them. */
export const leaveToReconciler: DeliveryQueue = { queue: async () => undefined };
