import { createMetrics, METRIC_NAMES } from './metrics-catalogue';

// Labels that would grow with customers or traffic; a metric must never carry one.
const UNBOUNDED = ['team', 'team_id', 'key', 'key_id', 'domain', 'url', 'job_id', 'batch_id', 'request_id', 'path', 'id', 'email'];

describe('the metrics catalogue', () => {
  const metrics = createMetrics('api');

  it('defines every name it lists, and nothing of ours beyond them', async () => {
    const ours = (await metrics.registry.getMetricsAsJSON()).map((m) => m.name).filter((name) => name.startsWith('enrich_'));
    expect(ours.sort()).toEqual([...METRIC_NAMES].sort());
  });

  it('labels only with bounded values: no team, key, domain, URL or id', async () => {
    const defined = Object.values(metrics).filter((m): m is typeof m & { name: string; labelNames: string[] } => 'labelNames' in m);
    expect(defined).toHaveLength(METRIC_NAMES.length);
    const offenders = defined.flatMap((m) =>
      m.labelNames.filter((label) => UNBOUNDED.includes(label)).map((label) => `${m.name}{${label}}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps each process’s metrics apart: two catalogues share nothing', async () => {
    const other = createMetrics('worker-ai');
    metrics.llmCalls.inc({ model: 'm', outcome: 'ok' });
    expect((await other.llmCalls.get()).values).toEqual([]);
  });
});
