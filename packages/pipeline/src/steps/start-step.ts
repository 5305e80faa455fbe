import { type Db, typedSql } from '@enrich/db';
import { enrichmentFlow, type RetryPolicy } from '@enrich/queue';
import type { Step } from '@enrich/worker-runtime';
import type { FlowProducer } from 'bullmq';
import { processingJobs } from './start-step.queries';

/**
 * Queues the enrichment flow of each single submission the API admitted together (one start
 * job per admission, queue/enrichment-flow.ts startJob). Only jobs Postgres still has
 * processing: one that ended meanwhile (its flow re-queued by the reconciler and run) is not
 * run again. Running twice adds nothing: the flows' BullMQ ids are the jobs' own, so a flow
 * that exists is not added again. Nothing to record when it gives up: the reconciler queues
 * the flows of jobs that no start job still holds.
 */
export function startStep(db: Db, flows: FlowProducer, retry: RetryPolicy): Step<'start'> {
  return {
    run: async ({ jobs }, ctx) => {
      const processing = await processingJobs.run({ jobIds: jobs.map((job) => job.jobId) }, typedSql(db, 'start-processing-jobs'));
      // Each flow carries the request id its submission came with (submissions admitted together differ).
      const requestIds = new Map(jobs.map((job) => [job.jobId, job.requestId]));
      const queued = processing.map((job) => ({ jobId: job.id, domain: job.domain, requestId: requestIds.get(job.id) }));
      if (queued.length > 0) await flows.addBulk(queued.map((job) => enrichmentFlow(job, retry)));
      ctx.logger.info('flows queued', { jobs: queued.map(({ jobId, requestId }) => ({ jobId, requestId })) });
      return { queued: processing.length };
    },
    giveUp: async () => undefined,
  };
}
