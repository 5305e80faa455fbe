import type { JobsOptions, Queue } from 'bullmq';
import { bullJobId, type JobPayload, jobCatalog, QueueName, type RetryPolicy, stepOptions } from './job-catalog';

/** A delivery's queue job: for Queue.addBulk and, having its queue name, FlowProducer.addBulk alike. */
export interface WebhookJob {
  name: 'webhook';
  queueName: typeof QueueName.webhook;
  data: JobPayload<'webhook'>;
  opts: JobsOptions;
}

/**
 * Queue jobs for owed webhook deliveries, as flow jobs without children so that admission can
 * add them in the same Redis transaction as the enrichment flows. The BullMQ job id is the
 * delivery's (`webhook-msg_…`): queueing a delivery that is already queued adds nothing, so the
 * step that owed it, the reconciler and a resend can all queue it safely. `retry` covers
 * internal faults (the database down); the receiver's failures are retried by the step itself.
 * `requestId`: that of the request whose job or batch owes them, carried into the delivery's logs.
 */
export function webhookJobs(deliveryIds: readonly string[], retry: RetryPolicy, requestId?: string): WebhookJob[] {
  return deliveryIds.map((deliveryId) => {
    const data = jobCatalog.webhook.payload.parse({ deliveryId, requestId });
    return {
      name: 'webhook',
      queueName: QueueName.webhook,
      data,
      opts: stepOptions('webhook', deliveryId, retry),
    };
  });
}

/**
 * Queues a delivery again whatever Redis holds of it (the reconciler, a resend): a job that
 * ended in Redis while Postgres owes the delivery again is removed first, freeing its id; one
 * still waiting is left there, and with `now` a retry waiting for its time is moved up.
 * Returns whether a job was added.
 */
export async function queueDeliveryAgain(
  queue: Queue,
  deliveryId: string,
  retry: RetryPolicy,
  options: { now?: boolean } = {},
): Promise<boolean> {
  const queued = await queue.getJob(bullJobId('webhook', deliveryId));
  if (queued && !queued.finishedOn) {
    if (options.now && (await queued.isDelayed())) await queued.promote();
    return false;
  }
  if (queued) await queued.remove();
  await queue.addBulk(webhookJobs([deliveryId], retry));
  return true;
}
