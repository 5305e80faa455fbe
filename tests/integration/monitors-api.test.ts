import { randomUUID } from 'node:crypto';
import { newId } from '@enrich/db';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// The /monitors routes and a company's changes, without workers: what is made, listed, changed
// and refused, and what another team sees. The checks themselves are monitors.test.ts's.

let stack: TestStack;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

beforeAll(async () => {
  stack = await startTestStack({
    label: 'monitorsapi',
    workers: false,
    env: { MONITOR_DAY_SECONDS: '60', WEBHOOK_HOST_MAP: 'hooks.example.com=127.0.0.1:9' },
  });
});
afterAll(() => stack?.stop());

const create = (key: string, body: unknown) =>
  request(stack.app)
    .post('/api/monitors')
    .set(bearer(key))
    .send(body as object);

it('adds new domains, reports those already watched and the invalid ones, each due within its interval', async () => {
  const key = await stack.key('growth');
  const before = Date.now();
  const first = await create(key, { domains: ['Acme.com', 'https://www.globex.com/about', 'acme.com', '10.0.0.1', 42], interval: 'daily' });
  expect(first.status).toBe(201);
  expect(first.body.added.map((m: { domain: string }) => m.domain)).toEqual(['acme.com', 'globex.com']);
  expect(first.body.invalid.map((e: { index: number; reason: string }) => [e.index, e.reason])).toEqual([
    [3, 'ip_address'],
    [4, 'not_a_string'],
  ]);
  for (const monitor of first.body.added) {
    expect(monitor).toMatchObject({ interval: 'daily', fields: [], state: 'active', pausedReason: null, lastCheckedAt: null });
    const next = Date.parse(monitor.nextCheckAt);
    // A day is a minute here.
    expect(next).toBeGreaterThan(before);
    expect(next).toBeLessThanOrEqual(Date.now() + 60_000);
  }
  const again = await create(key, { domains: ['acme.com', 'initech.com'], interval: 'weekly', fields: ['name', 'socialProfiles'] });
  expect(again.status).toBe(201);
  expect(again.body.alreadyWatched).toEqual([{ domain: 'acme.com', id: first.body.added[0].id }]);
  expect(again.body.added).toEqual([
    expect.objectContaining({ domain: 'initech.com', interval: 'weekly', fields: ['name', 'socialProfiles'] }),
  ]);
});

it('refuses what the body or the plan does not allow', async () => {
  const free = await stack.key('free');
  expect((await create(free, { domains: ['acme.com'], interval: 'hourly' })).body.error.code).toBe('VALIDATION_ERROR');
  expect((await create(free, { domains: [], interval: 'monthly' })).body.error.code).toBe('VALIDATION_ERROR');
  expect((await create(free, { domains: ['acme.com'], interval: 'monthly', fields: ['confidence'] })).body.error.code).toBe(
    'VALIDATION_ERROR',
  );
  const tooOften = await create(free, { domains: ['acme.com'], interval: 'daily' });
  expect(tooOften.status).toBe(403);
  expect(tooOften.body.error).toMatchObject({ code: 'INTERVAL_NOT_ALLOWED', details: { shortest: 'monthly' } });
  const domains = Array.from({ length: 26 }, (_, i) => `company-${i}.com`);
  const tooMany = await create(free, { domains, interval: 'monthly' });
  expect(tooMany.status).toBe(409);
  expect(tooMany.body.error).toMatchObject({ code: 'MONITOR_LIMIT_REACHED', details: { limit: 25 } });
  expect((await request(stack.app).get('/monitors').set(bearer(free))).body.data).toEqual([]);
  expect((await create(free, { domains: domains.slice(0, 25), interval: 'monthly' })).body.added).toHaveLength(25);
  expect((await create(free, { domains: ['one-more.com'], interval: 'monthly' })).status).toBe(409);
});

it('lists newest first in cursor pages, filtered by domain and state; reads, changes and removes one', async () => {
  const key = await stack.key('growth');
  const made = await create(key, { domains: ['a-co.com', 'b-co.com', 'c-co.com'], interval: 'weekly' });
  const ids: string[] = made.body.added.map((m: { id: string }) => m.id);
  const page1 = await request(stack.app).get('/monitors?limit=2').set(bearer(key)).expect(200);
  expect(page1.body.data).toHaveLength(2);
  const page2 = await request(stack.app).get(`/monitors?limit=2&cursor=${page1.body.pagination.nextCursor}`).set(bearer(key)).expect(200);
  expect(page2.body.pagination.nextCursor).toBeNull();
  expect([...page1.body.data, ...page2.body.data].map((m: { id: string }) => m.id).sort()).toEqual([...ids].sort());
  const one = await request(stack.app).get('/monitors?domain=b-co.com').set(bearer(key)).expect(200);
  expect(one.body.data.map((m: { domain: string }) => m.domain)).toEqual(['b-co.com']);

  const paused = await request(stack.app).patch(`/monitors/${ids[0]}`).set(bearer(key)).send({ paused: true }).expect(200);
  expect(paused.body).toMatchObject({ state: 'paused', pausedReason: 'user' });
  const listed = await request(stack.app).get('/monitors?state=paused').set(bearer(key)).expect(200);
  expect(listed.body.data.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
  const changed = await request(stack.app)
    .patch(`/api/monitors/${ids[0]}`)
    .set(bearer(key))
    .send({ paused: false, interval: 'daily', fields: ['employeeCount'] })
    .expect(200);
  expect(changed.body).toMatchObject({ state: 'active', pausedReason: null, interval: 'daily', fields: ['employeeCount'] });
  expect(Date.parse(changed.body.nextCheckAt)).toBeLessThanOrEqual(Date.now() + 60_000);
  expect((await request(stack.app).patch(`/monitors/${ids[0]}`).set(bearer(key)).send({})).status).toBe(400);

  const other = await stack.key('growth');
  for (const method of ['get', 'patch', 'delete'] as const) {
    const res = await request(stack.app)[method](`/monitors/${ids[1]}`).set(bearer(other)).send({ paused: true });
    expect([res.status, res.body.error.code]).toEqual([404, 'MONITOR_NOT_FOUND']);
  }
  await request(stack.app).delete(`/monitors/${ids[1]}`).set(bearer(key)).expect(204);
  expect((await request(stack.app).get(`/monitors/${ids[1]}`).set(bearer(key))).status).toBe(404);
  expect((await request(stack.app).get('/monitors').set(bearer(other))).body.data).toEqual([]);
});

it('shows a company’s changes newest first to a team that watches or enriched the domain, and to no other', async () => {
  const { db } = stack.database;
  const watcher = await stack.key('growth');
  const stranger = await stack.key('growth');
  const domain = 'history-co.com';
  await db.company.create({ data: { domain, name: 'History Co' } });
  await create(watcher, { domains: [domain], interval: 'weekly' });
  const team = await db.team.create({ data: { id: newId('team'), name: `finder-${randomUUID()}` } });
  const jobId = randomUUID();
  await db.enrichmentJob.create({ data: { id: jobId, teamId: team.id, domain } });
  for (const [i, field] of ['name', 'employeeCount', 'technologies'].entries()) {
    await db.companyChange.create({
      data: {
        id: newId('chg'),
        domain,
        field,
        oldValue: field === 'technologies' ? ['WordPress'] : 'old',
        newValue: field === 'technologies' ? ['WordPress', 'Shopify'] : 'new',
        observedAt: new Date(Date.UTC(2026, 11, 1 + i)),
        sources: ['website'],
        jobId,
      },
    });
  }
  const page1 = await request(stack.app).get(`/companies/${domain}/changes?limit=2`).set(bearer(watcher)).expect(200);
  expect(page1.body.data.map((c: { field: string }) => c.field)).toEqual(['technologies', 'employeeCount']);
  expect(page1.body.data[0]).toEqual({
    id: expect.stringMatching(/^chg_/),
    field: 'technologies',
    oldValue: ['WordPress'],
    newValue: ['WordPress', 'Shopify'],
    observedAt: '2026-12-03T00:00:00.000Z',
    sources: ['website'],
  });
  const page2 = await request(stack.app)
    .get(`/api/companies/WWW.${domain}/changes?limit=2&cursor=${page1.body.pagination.nextCursor}`)
    .set(bearer(watcher))
    .expect(200);
  expect(page2.body).toEqual({ data: [expect.objectContaining({ field: 'name' })], pagination: { nextCursor: null } });
  const refused = await request(stack.app).get(`/companies/${domain}/changes`).set(bearer(stranger));
  expect([refused.status, refused.body.error.code]).toEqual([404, 'COMPANY_NOT_FOUND']);
  expect((await request(stack.app).get('/companies/localhost/changes').set(bearer(watcher))).body.error.code).toBe('INVALID_DOMAIN');

  // company.changed is subscribable; its delivery log never names the job that found the change.
  const hook = await request(stack.app)
    .post('/webhooks')
    .set(bearer(watcher))
    .send({ url: 'https://hooks.example.com/changes', events: ['company.changed'] })
    .expect(201);
  const owner = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.body.id } });
  await db.webhookDelivery.create({
    data: { id: newId('msg'), teamId: owner.teamId, endpointId: owner.id, eventType: 'company.changed', jobId },
  });
  const log = await request(stack.app).get(`/webhooks/${owner.id}/deliveries`).set(bearer(watcher)).expect(200);
  expect(log.body.data).toEqual([expect.objectContaining({ eventType: 'company.changed', jobId: null })]);
});

it('takes a CSV as bulk does: a domain, website or url column, the interval and fields in the query', async () => {
  const key = await stack.key('growth');
  const csv = (query: string, text: string) =>
    request(stack.app).post(`/api/monitors${query}`).set(bearer(key)).set('Content-Type', 'text/csv').send(text);
  const made = await csv(
    '?interval=weekly&fields=name,employeeCount',
    '\uFEFFCompany,Website\r\nCsv One,https://www.csv-one.com/about\r\nCsv Two,CSV-TWO.com\r\nBad,localhost\r\nAgain,csv-one.com\r\n',
  );
  expect(made.status).toBe(201);
  expect(made.body.added).toEqual([
    expect.objectContaining({ domain: 'csv-one.com', interval: 'weekly', fields: ['name', 'employeeCount'] }),
    expect.objectContaining({ domain: 'csv-two.com' }),
  ]);
  expect(made.body.invalid.map((e: { index: number; entry: string }) => [e.index, e.entry])).toEqual([[2, 'localhost']]);
  const again = await csv('?interval=weekly', 'domain\ncsv-two.com\ncsv-three.com\n');
  expect(again.body.alreadyWatched).toEqual([{ domain: 'csv-two.com', id: made.body.added[1].id }]);
  expect(again.body.added).toEqual([expect.objectContaining({ domain: 'csv-three.com', fields: [] })]);

  const refused = async (query: string, text: string) => {
    const res = await csv(query, text);
    return [res.status, res.body.error.code];
  };
  expect(await refused('', 'domain\nacme.com\n')).toEqual([400, 'VALIDATION_ERROR']);
  expect(await refused('?interval=hourly', 'domain\nacme.com\n')).toEqual([400, 'VALIDATION_ERROR']);
  expect(await refused('?interval=weekly&fields=confidence', 'domain\nacme.com\n')).toEqual([400, 'VALIDATION_ERROR']);
  expect(await refused('?interval=weekly', 'name\nAcme\n')).toEqual([400, 'VALIDATION_ERROR']);
  expect(await refused('?interval=weekly', 'domain\n"unclosed\n')).toEqual([400, 'INVALID_CSV']);
  const rows = Array.from({ length: 1001 }, (_, i) => `csv-${i}.com`).join('\n');
  expect(await refused('?interval=weekly', `domain\n${rows}\n`)).toEqual([400, 'VALIDATION_ERROR']);
  const free = await stack.key('free');
  const daily = await request(stack.app)
    .post('/monitors?interval=daily')
    .set(bearer(free))
    .set('Content-Type', 'text/csv')
    .send('url\nacme.com\n');
  expect([daily.status, daily.body.error.code]).toEqual([403, 'INTERVAL_NOT_ALLOWED']);
  const xml = await request(stack.app).post('/monitors').set(bearer(key)).set('Content-Type', 'application/xml').send('<a/>');
  expect(xml.status).toBe(415);
});

it('gives the team’s change feed: changes of every domain it watches or enriched, newest first, and no other', async () => {
  const { db } = stack.database;
  const teamName = `feed-team-${randomUUID()}`;
  const key = await stack.key('growth', teamName);
  const watched = 'feed-watched.com';
  const enriched = 'feed-enriched.com';
  const unrelated = 'feed-other.com';
  for (const domain of [watched, enriched, unrelated]) await db.company.create({ data: { domain, name: domain } });
  await create(key, { domains: [watched], interval: 'weekly' });
  const me = await db.team.findFirstOrThrow({ where: { name: teamName } });
  await db.teamCompany.create({ data: { teamId: me.id, domain: enriched, enrichedAt: new Date() } });
  const jobId = randomUUID();
  const team = await db.team.create({ data: { id: newId('team'), name: `feed-${randomUUID()}` } });
  await db.enrichmentJob.create({ data: { id: jobId, teamId: team.id, domain: unrelated } });
  const at = (day: number) => new Date(Date.UTC(2026, 11, day));
  for (const [day, domain] of [
    [1, watched],
    [2, enriched],
    [3, unrelated],
    [4, watched],
  ] as const) {
    await db.companyChange.create({
      data: {
        id: newId('chg'),
        domain,
        field: 'name',
        oldValue: 'old',
        newValue: `new ${day}`,
        observedAt: at(day),
        sources: ['website'],
        jobId,
      },
    });
  }
  const page1 = await request(stack.app).get('/api/changes?limit=2').set(bearer(key)).expect(200);
  expect(page1.body.data.map((c: { domain: string; newValue: string }) => [c.domain, c.newValue])).toEqual([
    [watched, 'new 4'],
    [enriched, 'new 2'],
  ]);
  expect(page1.body.data[0]).toEqual({
    id: expect.stringMatching(/^chg_/),
    domain: watched,
    field: 'name',
    oldValue: 'old',
    newValue: 'new 4',
    observedAt: at(4).toISOString(),
    sources: ['website'],
  });
  const page2 = await request(stack.app).get(`/changes?limit=2&cursor=${page1.body.pagination.nextCursor}`).set(bearer(key)).expect(200);
  expect(page2.body).toEqual({ data: [expect.objectContaining({ domain: watched, newValue: 'new 1' })], pagination: { nextCursor: null } });
  const stranger = await stack.key('growth');
  expect((await request(stack.app).get('/changes').set(bearer(stranger)).expect(200)).body.data).toEqual([]);
  expect((await request(stack.app).get('/changes?cursor=nope').set(bearer(key))).status).toBe(400);
  expect((await request(stack.app).get('/changes')).status).toBe(401);
});

it('reads the domain filter as any domain input', async () => {
  const key = await stack.key('growth');
  await create(key, { domains: ['filter-co.com'], interval: 'weekly' });
  const found = await request(stack.app).get('/monitors?domain=https://WWW.Filter-Co.com/x').set(bearer(key)).expect(200);
  expect(found.body.data.map((m: { domain: string }) => m.domain)).toEqual(['filter-co.com']);
  expect((await request(stack.app).get('/monitors?domain=localhost').set(bearer(key))).body.error.code).toBe('INVALID_DOMAIN');
});
