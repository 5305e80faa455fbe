import { FixtureSites, sleep, WebhookReceiver } from '@enrich/testkit';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { metricTotal } from '../support/metric-total';
import { startTestStack, type TestStack } from '../support/test-stack';

// Monitors end to end: the API makes them, the scrape worker's sweep submits their checks
// through admission when they fall due (a test makes a monitor due by moving its next check to
// now: a day is an hour here, so nothing falls due by itself), finalize compares each refreshed
// record with the stored one, and worker-webhooks delivers company.changed to a local receiver
// that verifies the signature as a receiver would. No record is fresh (FRESHNESS_WINDOW_HOURS
// 0): every check scrapes, unless it joins a run of the domain already under way.

const HOOKS = 'hooks.monitors-e2e.com';
const receiver = new WebhookReceiver();
const sites = new FixtureSites();

function page(name: string, description: string, scripts = '') {
  return (
    `<!doctype html><html><head><title>${name}</title><meta property="og:site_name" content="${name}">` +
    `<meta name="description" content="${description}"><meta name="generator" content="WordPress 6.4">${scripts}</head>` +
    `<body><h1>${name}</h1><p>${description}</p></body></html>`
  );
}
const ORBIT_V1 = page('Orbit Labs', 'Orbit Labs builds telemetry software for small satellite operators.');
const ORBIT_V2 = page(
  'Orbit Robotics',
  'Orbit Robotics builds robotic arms for satellite servicing in low orbit.',
  '<script src="https://cdn.shopify.com/s/files/storefront.js"></script>',
);
sites.site('orbit-co.com', { '/': ORBIT_V1 });
sites.site('steady-co.com', { '/': page('Steady Works', 'Steady Works repairs industrial pumps across the Midlands.') });
sites.site('flaky-co.com', { '/': page('Flaky Foods', 'Flaky Foods bakes croissants for hotels and cafés in Lyon.') });
sites.site('shared-co.com', { '/': page('Shared Tools', 'Shared Tools sells hand tools to carpenters.') });
sites.site('quota-co.com', { '/': page('Quota Corp', 'Quota Corp plans budgets for councils.') });

let stack: TestStack;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

beforeAll(async () => {
  await Promise.all([receiver.start(), sites.start()]);
  stack = await startTestStack({
    label: 'monitors',
    hostMap: sites.hostMap(),
    webhooks: true,
    env: {
      WEBHOOK_HOST_MAP: receiver.hostMapEntry(HOOKS),
      WEBHOOK_RETRY_SCHEDULE: '100ms,200ms',
      FRESHNESS_WINDOW_HOURS: '0',
      MONITOR_DAY_SECONDS: '3600',
      MONITOR_SWEEP_INTERVAL_MS: '100',
      MONITOR_CHECKS_PER_SECOND: '50',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await Promise.all([receiver.stop(), sites.stop()]);
});

interface Monitor {
  id: string;
  domain: string;
  state: string;
  pausedReason: string | null;
  lastError: { code: string; message: string } | null;
  lastCheckedAt: string | null;
  lastChangedAt: string | null;
}

async function team(plan: 'growth' | 'free' = 'growth') {
  const key = await stack.key(plan);
  const hook = await request(stack.app)
    .post('/webhooks')
    .set(bearer(key))
    .send({ url: `https://${HOOKS}/${key.slice(-8)}`, events: ['company.changed'] });
  expect(hook.status).toBe(201);
  return { key, path: `/${key.slice(-8)}`, secret: hook.body.secret as string };
}

async function watch(key: string, domain: string): Promise<Monitor> {
  const res = await request(stack.app)
    .post('/monitors')
    .set(bearer(key))
    .send({ domains: [domain], interval: 'daily' });
  expect(res.status).toBe(201);
  expect(res.body.added).toHaveLength(1);
  return res.body.added[0];
}

const monitor = async (key: string, id: string): Promise<Monitor> =>
  (await request(stack.app).get(`/monitors/${id}`).set(bearer(key)).expect(200)).body;

/** Makes the monitors due now: the sweep submits their checks within its interval. */
async function due(...ids: string[]): Promise<void> {
  await stack.database.db.monitor.updateMany({ where: { id: { in: ids } }, data: { nextCheckAt: new Date(Date.now() - 1000) } });
}

/** Waits until the monitor's check after `since` has ended (its last check moved). */
async function checked(key: string, id: string, since: string | null, timeoutMs = 20_000): Promise<Monitor> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await monitor(key, id);
    if (current.lastCheckedAt !== since && current.lastCheckedAt !== null) return current;
    if (Date.now() > deadline) throw new Error(`monitor ${id} not checked: ${JSON.stringify(current)}`);
    await sleep(100);
  }
}

const at = (path: string) => receiver.received.filter((hit) => hit.path === path);
const homepageHits = (domain: string) => sites.hits.filter((hit) => hit.host === domain && hit.path === '/').length;

interface ChangedEvent {
  type: string;
  data: {
    domain: string;
    changes: { field: string; oldValue: unknown; newValue: unknown; observedAt: string; sources: string[] }[];
    record: Record<string, unknown>;
  };
}

it('sends one signed company.changed with exactly the fields that changed between two checks', async () => {
  const { key, path, secret } = await team();
  const { id } = await watch(key, 'orbit-co.com');
  await due(id);
  const first = await checked(key, id, null);
  expect(first.state).toBe('active');
  // The first check is the baseline: nothing to compare with, nothing sent.
  expect(first.lastChangedAt).toBeNull();

  sites.site('orbit-co.com', { '/': ORBIT_V2 });
  await due(id);
  const [hit] = await receiver.waitFor(() => at(path).length >= 1, 20_000).then(() => at(path));
  const event = new Webhook(secret).verify(hit!.body, hit!.headers as Record<string, string>) as ChangedEvent;
  expect(event.type).toBe('company.changed');
  expect(event.data.domain).toBe('orbit-co.com');
  expect(event.data.changes.map((change) => change.field).sort()).toEqual(['description', 'name', 'technologies']);
  const byField = Object.fromEntries(event.data.changes.map((change) => [change.field, change]));
  expect(byField.name).toMatchObject({ oldValue: 'Orbit Labs', newValue: 'Orbit Robotics', sources: ['website'] });
  expect(byField.description).toMatchObject({
    oldValue: 'Orbit Labs builds telemetry software for small satellite operators.',
    newValue: 'Orbit Robotics builds robotic arms for satellite servicing in low orbit.',
  });
  expect(byField.technologies).toMatchObject({ oldValue: ['WordPress'], newValue: expect.arrayContaining(['WordPress', 'Shopify']) });
  expect(event.data.record).toMatchObject({ domain: 'orbit-co.com', name: 'Orbit Robotics' });
  // Nothing names the job or the team whose refresh found it.
  expect(hit!.body).not.toMatch(/jobId|teamId|team_/);

  const after = await checked(key, id, first.lastCheckedAt);
  expect(after.lastChangedAt).not.toBeNull();
  // The history has the same changes, newest first.
  const history = await request(stack.app).get('/api/companies/orbit-co.com/changes').set(bearer(key)).expect(200);
  expect(history.body.data.map((change: { field: string }) => change.field).sort()).toEqual(['description', 'name', 'technologies']);
  expect(history.body.pagination).toEqual({ nextCursor: null });

  // A third check of the unchanged site sends nothing more.
  await due(id);
  await checked(key, id, after.lastCheckedAt);
  await sleep(300);
  expect(at(path)).toHaveLength(1);
});

it('sends nothing for a site that did not change', async () => {
  const { key, path } = await team();
  const { id } = await watch(key, 'steady-co.com');
  let last: string | null = null;
  for (let i = 0; i < 3; i += 1) {
    await due(id);
    last = (await checked(key, id, last)).lastCheckedAt;
  }
  await sleep(300);
  expect(at(path)).toHaveLength(0);
  const history = await request(stack.app).get('/companies/steady-co.com/changes').set(bearer(key)).expect(200);
  expect(history.body.data).toEqual([]);
});

it('reports no removal when the site is down at the next check, and the monitor shows the error', async () => {
  const { key, path } = await team();
  const { id } = await watch(key, 'flaky-co.com');
  await due(id);
  const first = await checked(key, id, null);
  sites.site('flaky-co.com', {
    '/': (_req, res) => {
      res.statusCode = 404;
      res.end('gone');
    },
  });
  await due(id);
  const failing = await checked(key, id, first.lastCheckedAt);
  expect(failing.state).toBe('failing');
  expect(failing.lastError).toMatchObject({ code: 'SITE_UNREACHABLE' });
  await sleep(300);
  expect(at(path)).toHaveLength(0);
  // The stored record is what the last successful check read.
  const company = await request(stack.app).get('/companies/flaky-co.com').set(bearer(key)).expect(200);
  expect(company.body.name).toBe('Flaky Foods');
  const history = await request(stack.app).get('/companies/flaky-co.com/changes').set(bearer(key)).expect(200);
  expect(history.body.data).toEqual([]);
});

it('scrapes once for two teams watching one domain, and sends each its event', async () => {
  const a = await team();
  const b = await team();
  const ma = await watch(a.key, 'shared-co.com');
  const mb = await watch(b.key, 'shared-co.com');
  await due(ma.id, mb.id);
  const [firstA, firstB] = await Promise.all([checked(a.key, ma.id, null), checked(b.key, mb.id, null)]);

  sites.site('shared-co.com', { '/': page('Shared Tools Group', 'Shared Tools sells hand tools to carpenters.') });
  const before = homepageHits('shared-co.com');
  await due(ma.id, mb.id);
  await Promise.all([checked(a.key, ma.id, firstA.lastCheckedAt), checked(b.key, mb.id, firstB.lastCheckedAt)]);
  await receiver.waitFor(() => at(a.path).length >= 1 && at(b.path).length >= 1, 20_000);
  expect(homepageHits('shared-co.com') - before).toBe(1);
  for (const { path, secret } of [a, b]) {
    const [hit] = at(path);
    const event = new Webhook(secret).verify(hit!.body, hit!.headers as Record<string, string>) as ChangedEvent;
    expect(event.data.changes).toEqual([
      expect.objectContaining({ field: 'name', oldValue: 'Shared Tools', newValue: 'Shared Tools Group' }),
    ]);
  }
  // The change is kept once for the domain.
  const history = await request(stack.app).get('/companies/shared-co.com/changes').set(bearer(a.key)).expect(200);
  expect(history.body.data).toHaveLength(1);
  await sleep(300);
  expect(at(a.path)).toHaveLength(1);
  expect(at(b.path)).toHaveLength(1);
});

it('pauses a monitor whose check the monthly quota refuses, and resumes it the next month', async () => {
  const { key } = await team();
  const { id } = await watch(key, 'quota-co.com');
  const { db } = stack.database;
  const owner = await db.monitor.findUniqueOrThrow({ where: { id } });
  await db.team.update({ where: { id: owner.teamId }, data: { monthlyQuota: 0 } });
  await due(id);
  const deadline = Date.now() + 10_000;
  let current = await monitor(key, id);
  while (current.state !== 'paused' && Date.now() < deadline) {
    await sleep(100);
    current = await monitor(key, id);
  }
  expect(current).toMatchObject({ state: 'paused', pausedReason: 'quota', lastError: { code: 'QUOTA_EXCEEDED' } });
  expect(homepageHits('quota-co.com')).toBe(0);
  const paused = await request(stack.app).get('/monitors?state=paused').set(bearer(key)).expect(200);
  expect(paused.body.data.map((m: Monitor) => m.id)).toEqual([id]);

  // A new month (the pause dated in the last one) with quota again: the check runs.
  await db.team.update({ where: { id: owner.teamId }, data: { monthlyQuota: null } });
  const lastMonth = new Date();
  lastMonth.setUTCDate(0);
  await db.monitor.update({ where: { id }, data: { pausedAt: lastMonth } });
  const resumed = await checked(key, id, null);
  expect(resumed).toMatchObject({ state: 'active', pausedReason: null });
  expect(homepageHits('quota-co.com')).toBeGreaterThan(0);
});

// Last: the checks above have moved them. The sweep and finalize run in the scrape worker.
it('fills the monitor metrics in the scrape worker, from the checks above', async () => {
  const scrape = stack.workerMetrics.scrape;
  const moved = {
    submitted: await metricTotal(scrape, 'enrich_monitor_checks_total', { outcome: 'submitted' }),
    ok: await metricTotal(scrape, 'enrich_monitor_checks_total', { outcome: 'ok' }),
    failing: await metricTotal(scrape, 'enrich_monitor_checks_total', { outcome: 'failing' }),
    refused: await metricTotal(scrape, 'enrich_monitor_checks_total', { outcome: 'refused' }),
    lateness: await metricTotal(scrape, 'enrich_monitor_check_lateness_seconds'),
    nameChanges: await metricTotal(scrape, 'enrich_company_changes_total', { field: 'name' }),
    eventsOwed: await metricTotal(scrape, 'enrich_company_changed_events_total'),
  };
  expect(Object.entries(moved).filter(([, value]) => !(value > 0))).toEqual([]);
  // A gauge of the due checks the last pass saw: there, and never negative.
  expect(await metricTotal(scrape, 'enrich_monitors_due')).toBeGreaterThanOrEqual(0);
});
