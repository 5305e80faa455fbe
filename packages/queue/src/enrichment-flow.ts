import type { FlowJob } from 'bullmq';
import { type JobName, type JobPayload, jobCatalog, QueueName, type RetryPolicy, stepOptions } from './job-catalog';

/** Steps whose jobs are flow parents below: each becomes ready when its last child has ended. */
export const FLOW_PARENT_STEPS: ReadonlySet<JobName> = new Set<JobName>(['finalize', 'ai', 'batch']);

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
 * Single submissions admitted together, as ONE queue job: the start step (a worker) adds each
 * one's enrichmentFlow. The API's transaction then holds one job however many submissions
 * share it, not three per domain, and the flows' cost falls on a worker instead of on the
 * request path. Returned as a flow without children so that it joins the same addBulk as the
 * webhook deliveries owed at admission.
 */
export function startJob(items: JobPayload<'finalize'>[], retry: RetryPolicy): FlowJob {
  const data = jobCatalog.start.payload.parse({ jobs: items });
  return { name: 'start', queueName: QueueName.start, data, opts: stepOptions('start', data.jobs[0]!.jobId, retry) };
}

/**
 * A bulk batch as one BullMQ flow: the batch job is the parent of every item's enrichment
 * flow, so one `FlowProducer.add` queues the whole batch atomically (one Redis MULTI). An
 * item that fails never fails or blocks the batch: its finalize ignores the failure for the
 * parent, and the batch job runs once every item has ended. Items carry their own `requestId`
 * (that of the request which submitted them, like the batch's).
 */
export function batchFlow(batchId: string, items: JobPayload<'finalize'>[], retry: RetryPolicy, requestId?: string): FlowJob {
  const data = jobCatalog.batch.payload.parse({ batchId, requestId });
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
