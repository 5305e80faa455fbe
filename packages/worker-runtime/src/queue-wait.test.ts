import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { queueWaitSeconds } from './queue-wait';

const job = (fields: Partial<Job>): Job =>
  ({
    id: 'x',
    queueQualifiedName: '{p}:ai',
    attemptsStarted: 1,
    timestamp: 1_000,
    opts: {},
    processedOn: 3_000,
    ...fields,
  }) as unknown as Job;

// A Redis whose script answers `latest` (the latest child end), after a NOSCRIPT when asked to.
function redis(latest: number, noScript = false): Redis & { keys: string[] } {
  const keys: string[] = [];
  return {
    keys,
    evalsha: async (_sha: string, _n: number, key: string) => {
      keys.push(key);
      if (noScript) throw new Error('NOSCRIPT No matching script.');
      return latest;
    },
    eval: async (_lua: string, _n: number, key: string) => {
      keys.push(key);
      return latest;
    },
  } as unknown as Redis & { keys: string[] };
}

describe('queueWaitSeconds', () => {
  it('measures a job from when it was added, plus its delay, to when it was taken', async () => {
    expect(await queueWaitSeconds(redis(0), job({}), false)).toBe(2);
    expect(await queueWaitSeconds(redis(0), job({ opts: { delay: 500 } }), false)).toBe(1.5);
    // A clock a little behind another's never gives a negative wait.
    expect(await queueWaitSeconds(redis(0), job({ processedOn: 900 }), false)).toBe(0);
  });

  it('leaves out a job taken again: BullMQ does not record when a re-delayed or retried job became ready', async () => {
    expect(await queueWaitSeconds(redis(0), job({ attemptsStarted: 2 }), false)).toBeUndefined();
    expect(await queueWaitSeconds(redis(0), job({ processedOn: undefined }), false)).toBeUndefined();
  });

  it('measures a flow parent from its last child’s end, read from Redis by the parent’s key', async () => {
    const r = redis(2_500);
    expect(await queueWaitSeconds(r, job({}), true)).toBe(0.5);
    expect(r.keys).toEqual(['{p}:ai:x']);
    expect(await queueWaitSeconds(redis(2_500, true), job({}), true)).toBe(0.5);
    // No child has ended (removed, or none): not measured.
    expect(await queueWaitSeconds(redis(0), job({}), true)).toBeUndefined();
  });
});
