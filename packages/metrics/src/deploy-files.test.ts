import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createMetrics, METRIC_NAMES } from './metrics-catalogue';

// The alert rules, the Grafana dashboard and the autoscaling examples in deploy/ name only
// series that a process really exposes on /metrics: the catalogue's (histograms as _bucket,
// _sum and _count) and prom-client's default process metrics, with labels those series carry.

const DEPLOY = path.resolve(__dirname, '../../../deploy');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

// YAML: the text without its comments (prose may name a histogram without its suffix).
const yamlText = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, ''))
    .join('\n');

// JSON: every query of the document (expr, query), wherever it sits.
function jsonQueries(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(jsonQueries);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    (key === 'expr' || key === 'query') && typeof inner === 'string' ? [inner] : jsonQueries(inner),
  );
}

const files = filesUnder(DEPLOY).sort();
const cases = files.map((file): [string, string] => [path.relative(DEPLOY, file), file]);
const queryText = (file: string): string => {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.json')) return jsonQueries(JSON.parse(text)).join('\n');
  if (/\.ya?ml$/.test(file)) return yamlText(text);
  throw new Error(`unexpected file in deploy/: ${file}`);
};

const SERIES_NAME = /\b(?:enrich|process|nodejs)_[a-z0-9_]+\b/g;
const SELECTOR = /\b((?:enrich|process|nodejs)_[a-z0-9_]+)\{([^}]*)\}/g;
const LABEL_MATCHER = /([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g;

/** Series name → its label names, as a registry with one value on every metric exposes them. */
async function exposedSeries(): Promise<Map<string, Set<string>>> {
  const metrics = createMetrics('api');
  for (const metric of Object.values(metrics)) {
    if (!('labelNames' in metric)) continue;
    const labels = Object.fromEntries((metric.labelNames as readonly string[]).map((name) => [name, 'x']));
    const loose = metric as unknown as {
      observe?: (labels: object, value: number) => void;
      set?: (labels: object, value: number) => void;
      inc: (labels: object, value: number) => void;
    };
    if (loose.observe) loose.observe(labels, 1);
    else if (loose.set) loose.set(labels, 1);
    else loose.inc(labels, 1);
  }
  const series = new Map<string, Set<string>>();
  for (const line of (await metrics.registry.metrics()).split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^}]*)\})?\s/.exec(line);
    if (!match?.[1]) continue;
    const names = series.get(match[1]) ?? new Set<string>();
    for (const [, label] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g)) names.add(label!);
    series.set(match[1], names);
  }
  return series;
}

describe('deploy/ (alert rules, dashboard, autoscaling)', () => {
  let series: Map<string, Set<string>>;
  beforeAll(async () => {
    series = await exposedSeries();
  });

  it('holds the alert rules, the dashboard and the KEDA examples', () => {
    const relative = files.map((file) => path.relative(DEPLOY, file));
    expect(relative).toEqual(
      expect.arrayContaining([
        'prometheus/alerts.yml',
        'grafana/enrichment-dashboard.json',
        'keda/worker-scrape-scaledobject.yaml',
        'keda/worker-ai-scaledobject.yaml',
      ]),
    );
  });

  it.each(cases)('%s names only series that /metrics exposes', (_name, file) => {
    const text = queryText(file);
    const used = [...new Set(text.match(SERIES_NAME) ?? [])];
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((name) => !series.has(name))).toEqual([]);
  });

  it.each(cases)('%s selects only labels those series carry', (_name, file) => {
    const unknown: string[] = [];
    for (const [, name, matchers] of queryText(file).matchAll(SELECTOR)) {
      for (const [, label] of matchers!.matchAll(LABEL_MATCHER)) {
        if (!series.get(name!)?.has(label!)) unknown.push(`${name}{${label}}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('the dashboard is Grafana JSON with a panel on every metric of the catalogue', () => {
    const dashboard = JSON.parse(readFileSync(path.join(DEPLOY, 'grafana/enrichment-dashboard.json'), 'utf8'));
    expect(dashboard).toMatchObject({ title: expect.any(String), uid: expect.any(String), schemaVersion: expect.any(Number) });
    const panels = dashboard.panels as { id: number; type: string; targets?: { expr: string }[] }[];
    expect(new Set(panels.map((panel) => panel.id)).size).toBe(panels.length);
    const queries = panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    expect(METRIC_NAMES.filter((name) => !queries.some((query) => query.includes(name)))).toEqual([]);
  });

  it('every alert rule has an expression, a duration and a summary', () => {
    const text = readFileSync(path.join(DEPLOY, 'prometheus/alerts.yml'), 'utf8');
    const rules = text.split(/\n\s*- alert: /).slice(1);
    expect(rules.length).toBeGreaterThanOrEqual(10);
    for (const rule of rules) {
      expect(rule).toMatch(/\n\s+expr: /);
      expect(rule).toMatch(/\n\s+for: \d+[smh]/);
      expect(rule).toMatch(/\n\s+summary: /);
    }
  });
});
