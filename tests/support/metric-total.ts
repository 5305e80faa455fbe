import type { Metrics } from '@enrich/metrics';

/** A metric's total in one process: a counter's or gauge's value, a histogram's count, over the samples whose labels match. */
export async function metricTotal(metrics: Metrics, name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  if (!metric) throw new Error(`${name} is not in the registry`);
  const counted = String(metric.type) === 'histogram' ? `${name}_count` : undefined;
  return (metric.values as { labels: Record<string, string | number>; value: number; metricName?: string }[])
    .filter((v) => (counted === undefined || v.metricName === counted) && Object.entries(labels).every(([k, want]) => v.labels[k] === want))
    .reduce((sum, v) => sum + v.value, 0);
}
