import { createHash } from 'node:crypto';
import type { RedisClient } from '@enrich/queue';
import type { Job } from 'bullmq';

// The latest finishedOn among a flow parent's children: those that completed (`:processed`) and
// those that failed without failing it (`:failed`, ignoreDependencyOnFailure). Every queue of a
// deployment shares one hash tag (bullPrefix), so the children's keys are in the parent's slot.
const LATEST_CHILD_END = `
local latest = 0
for _, suffix in ipairs({':processed', ':failed'}) do
  local children = redis.call('HKEYS', KEYS[1] .. suffix)
  for i = 1, #children do
    local at = tonumber(redis.call('HGET', children[i], 'finishedOn'))
    if at and at > latest then latest = at end
  end
end
return latest
`;
const LATEST_CHILD_END_SHA = createHash('sha1').update(LATEST_CHILD_END).digest('hex');

async function latestChildEnd(redis: RedisClient, job: Job): Promise<number> {
  const key = `${job.queueQualifiedName}:${job.id}`;
  try {
    return Number(await redis.evalsha(LATEST_CHILD_END_SHA, 1, key));
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return Number(await redis.eval(LATEST_CHILD_END, 1, key));
  }
}

/**
 * Seconds a job waited between becoming ready and a worker taking it (job.processedOn), or
 * undefined where BullMQ does not record when it became ready. The best BullMQ gives:
 *  - a job on its first take (attemptsStarted 1): ready at job.timestamp + opts.delay;
 *  - a flow parent (ai, finalize, batch) on its first take: ready when its last child ended,
 *    the latest finishedOn among its children (one script call, made off the step's path);
 *  - a job taken again is not measured: moveToDelayed (a follower's or a webhook retry's
 *    waitAndRetry, a backoff retry) stores only the new delay, not when it was moved, and a
 *    stalled job's release is not recorded either.
 */
export async function queueWaitSeconds(redis: RedisClient, job: Job, isFlowParent: boolean): Promise<number | undefined> {
  if (job.attemptsStarted > 1 || !job.processedOn) return undefined;
  let readyAt = job.timestamp + (job.opts.delay ?? 0);
  if (isFlowParent) {
    const childEnd = await latestChildEnd(redis, job);
    if (!(childEnd > 0)) return undefined;
    readyAt = Math.max(readyAt, childEnd);
  }
  return Math.max(0, job.processedOn - readyAt) / 1000;
}
