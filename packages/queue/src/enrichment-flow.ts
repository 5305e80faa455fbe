import type { FlowJob } from 'bullmq';
import { type JobPayload, jobCatalog, QueueName, type RetryPolicy, stepOptions } from './job-catalog';

/**
 * One domain's enrichment as a BullMQ flow: finalize ← ai ← scrape. The scrape step (website
 * and LinkedIn) runs first, the AI step reads what it stored, finalize merges. A step that
 * fails for good does not fail its parent: the AI step passes a scrape failure on, and
 * finalize ends the job with that step's error code, so finalize is the one place jobs end.
 */
export function enrichmentFlow(step: JobPayload<'finalize'>, retry: RetryPolicy): FlowJob {
  const data = jobCatalog.finalize.payload.parse(step);
  return {
    name: 'finalize',
    queueName: QueueName.finalize,
    data,
    opts: stepOptions('finalize', data.jobId, retry),
    children: [
      {
        name: 'ai',
        queueName: QueueName.ai,
        data: jobCatalog.ai.payload.parse(step),
        opts: { ...stepOptions('ai', data.jobId, retry), ignoreDependencyOnFailure: true },
        children: [
          {
            name: 'scrape',
            queueName: QueueName.scrape,
            data: jobCatalog.scrape.payload.parse(step),
            opts: { ...stepOptions('scrape', data.jobId, retry), ignoreDependencyOnFailure: true },
          },
        ],
      },
    ],
  };
}

/**
 * A bulk batch as one BullMQ flow: the batch job is the parent of every item's enrichment
 * flow, so one `FlowProducer.add` queues the whole batch atomically (one Redis MULTI). An
 * item that fails never fails or blocks the batch: its finalize ignores the failure for the
 * parent, and the batch job runs once every item has ended.
 */
export function batchFlow(batchId: string, items: JobPayload<'finalize'>[], retry: RetryPolicy): FlowJob {
  const data = jobCatalog.batch.payload.parse({ batchId });
  return {
    name: 'batch',
    queueName: QueueName.batch,
    data,
    opts: stepOptions('batch', batchId, retry),
    children: items.map((item) => {
      const flow = enrichmentFlow(item, retry);
      return { ...flow, opts: { ...flow.opts, ignoreDependencyOnFailure: true } };
    }),
  };
}
