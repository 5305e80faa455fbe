import { batchFlow, enrichmentFlow, startJob } from './enrichment-flow';
import { jobCatalog } from './job-catalog';

const step = { jobId: '8b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3a', domain: 'acme.com' };

describe('enrichmentFlow', () => {
  it('chains finalize ← ai ← scrape with deterministic ids and retry options', () => {
    const flow = enrichmentFlow(step, { attempts: 4, backoffMs: 100 });
    expect(flow.queueName).toBe('finalize');
    expect(flow.opts?.jobId).toBe(`finalize-${step.jobId}`);
    expect(flow.children).toHaveLength(1);
    const ai = flow.children![0]!;
    expect(ai.queueName).toBe('ai');
    expect(ai.opts?.jobId).toBe(`ai-${step.jobId}`);
    expect(ai.opts?.ignoreDependencyOnFailure).toBe(true);
    expect(ai.children).toHaveLength(1);
    const scrape = ai.children![0]!;
    expect(scrape.queueName).toBe('scrape');
    expect(scrape.opts?.jobId).toBe(`scrape-${step.jobId}`);
    expect(scrape.opts?.attempts).toBe(4);
    expect(scrape.opts?.backoff).toEqual({ type: 'exponential', delay: 100 });
    expect(scrape.opts?.ignoreDependencyOnFailure).toBe(true);
  });

  it('refuses payloads the catalogue does not describe', () => {
    expect(() => enrichmentFlow({ jobId: 'nope', domain: 'acme.com' }, { attempts: 1, backoffMs: 0 })).toThrow();
    expect(jobCatalog.scrape.payload.safeParse({ jobId: step.jobId }).success).toBe(false);
  });
});

describe('batchFlow', () => {
  const retry = { attempts: 2, backoffMs: 50 };
  const items = [step, { jobId: '1b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3b', domain: 'beta.io' }];

  it('makes the batch the parent of every item flow, none of which can fail it', () => {
    const flow = batchFlow('bat_01abc', items, retry);
    expect(flow.queueName).toBe('batch');
    expect(flow.opts?.jobId).toBe('batch-bat_01abc');
    expect(flow.data).toEqual({ batchId: 'bat_01abc' });
    expect(flow.children?.map((c) => [c.queueName, c.opts?.jobId, c.opts?.ignoreDependencyOnFailure])).toEqual([
      ['finalize', `finalize-${step.jobId}`, true],
      ['finalize', 'finalize-1b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3b', true],
    ]);
    expect(flow.children?.[1]?.children?.[0]?.children?.[0]?.data).toEqual(items[1]);
  });

  it('refuses an id that is not a batch id', () => {
    expect(() => batchFlow('team_1', items, retry)).toThrow();
  });
});

describe('startJob', () => {
  const retry = { attempts: 2, backoffMs: 50 };
  const other = { jobId: '1b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3b', domain: 'beta.io' };

  it('holds the jobs admitted together in one job, named after the first', () => {
    const job = startJob([step, other], retry);
    expect(job.queueName).toBe('start');
    expect(job.opts?.jobId).toBe(`start-${step.jobId}`);
    expect(job.data).toEqual({ jobs: [step, other] });
    expect(job.children).toBeUndefined();
  });

  it('refuses no jobs, and a job the catalogue does not describe', () => {
    expect(() => startJob([], retry)).toThrow();
    expect(() => startJob([{ jobId: 'nope', domain: 'acme.com' }], retry)).toThrow();
  });
});
