import type { FlowJob } from 'bullmq';
import { type JobPayload, jobCatalog, QueueName, type RetryPolicy, stepOptions } from './job-catalog';

/**
 * One domain's enrichment as a BullMQ flow: finalize waits for its children (scrape now;
 * an AI step slots in as finalize ← ai ← scrape later). A child that fails for good does not
 * fail its parent: finalize still runs, sees the child's failure and ends the job with the
 * child's error code, so finalize is the one place where jobs end.
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
        name: 'scrape',
        queueName: QueueName.scrape,
        data: jobCatalog.scrape.payload.parse(step),
        opts: { ...stepOptions('scrape', data.jobId, retry), ignoreDependencyOnFailure: true },
      },
    ],
  };
}
