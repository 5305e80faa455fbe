import type { Job } from 'bullmq';
import { queueWaitSeconds } from './queue-wait';

const job = (fields: Partial<Job>): Job =>
  ({
    id: 'x',
    queueName: 'ai',
    attemptsStarted: 1,
    timestamp: 1_000,
    opts: {},
    processedOn: 3_000,
    ...fields,
  }) as unknown as Job;

// A store whose children ended last at `latest` (0: none ended), recording the parents asked about.
function store(latest: number): { latestChildEnd(job: Job): Promise<number>; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    latestChildEnd: async (parent: Job) => {
      asked.push(`${parent.queueName}:${parent.id}`);
      return latest;
    },
  };
}

describe('queueWaitSeconds', () => {
  it('measures a job from when it was added, plus its delay, to when it was taken', async () => {
    expect(await queueWaitSeconds(store(0), job({}), false)).toBe(2);
    expect(await queueWaitSeconds(store(0), job({ opts: { delay: 500 } }), false)).toBe(1.5);
    // A clock a little behind another's never gives a negative wait.
    expect(await queueWaitSeconds(store(0), job({ processedOn: 900 }), false)).toBe(0);
  });

  it('leaves out a job taken again: BullMQ does not record when a re-delayed or retried job became ready', async () => {
    expect(await queueWaitSeconds(store(0), job({ attemptsStarted: 2 }), false)).toBeUndefined();
    expect(await queueWaitSeconds(store(0), job({ processedOn: undefined }), false)).toBeUndefined();
  });

  it('measures a flow parent from its last child’s end, as the store reads it', async () => {
    const s = store(2_500);
    expect(await queueWaitSeconds(s, job({}), true)).toBe(0.5);
    expect(s.asked).toEqual(['ai:x']);
    // No child has ended (removed, or none): not measured.
    expect(await queueWaitSeconds(store(0), job({}), true)).toBeUndefined();
  });
});
