import { enrichmentFlow } from './enrichment-flow';
import { jobCatalog } from './job-catalog';

const step = { jobId: '8b3f3c1e-2f0a-4c1a-9a43-0d5b8c1e2f3a', domain: 'acme.com' };

describe('enrichmentFlow', () => {
  it('puts scrape under finalize with deterministic ids and retry options', () => {
    const flow = enrichmentFlow(step, { attempts: 4, backoffMs: 100 });
    expect(flow.queueName).toBe('finalize');
    expect(flow.opts?.jobId).toBe(`finalize-${step.jobId}`);
    expect(flow.children).toHaveLength(1);
    const scrape = flow.children![0]!;
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
