import { newId } from '@enrich/db';
import { createEndpoint, deferDelivery, failDelivery, MAX_ENDPOINTS_PER_TEAM, resetForResend } from '@enrich/webhooks';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The webhook stores' writes: registration under the team's lock, resend, and the two ways a
// delivery is given up or put off.
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('webhook-stores');
});
afterAll(async () => {
  await database?.drop();
});

it('registers at most the limit of endpoints for a team, however many requests arrive together', async () => {
  const db = database.db;
  await db.team.create({ data: { id: 'team-hooks', name: 'team-hooks', plan: 'growth' } });
  const tries = MAX_ENDPOINTS_PER_TEAM + 5;
  const results = await Promise.allSettled(
    Array.from({ length: tries }, (_, i) =>
      createEndpoint(db, 'team-hooks', {
        url: `https://hooks.test/${i}`,
        events: ['job.completed', 'job.completed'],
        enabled: i % 2 === 0,
      }),
    ),
  );
  const created = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code] : []));
  expect(created).toHaveLength(MAX_ENDPOINTS_PER_TEAM);
  expect(refused).toEqual(Array.from({ length: tries - MAX_ENDPOINTS_PER_TEAM }, () => 'WEBHOOK_LIMIT_REACHED'));
  expect(await db.webhookEndpoint.count({ where: { teamId: 'team-hooks' } })).toBe(MAX_ENDPOINTS_PER_TEAM);

  // The answer is the row as stored, its secret shown once; one disabled by its owner says so.
  const view = created[0]!;
  const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: view.id } });
  expect(view).toMatchObject({ url: row.url, events: ['job.completed'], secret: row.secret, createdAt: row.createdAt.toISOString() });
  const disabled = created.find((c) => !c.enabled)!;
  expect(disabled).toMatchObject({ disabledReason: 'disabled by its owner', disabledAt: disabled.createdAt });
});

it('resends a delivery of the endpoint, fails and defers owed ones', async () => {
  const db = database.db;
  await db.team.create({ data: { id: 'team-resend', name: 'team-resend', plan: 'growth' } });
  const endpoint = await createEndpoint(db, 'team-resend', { url: 'https://hooks.test/resend', events: ['job.completed'] });
  const delivery = async (data: { status?: 'pending' | 'delivered' | 'failed'; attempts?: number; createdAt?: Date } = {}) =>
    (
      await db.webhookDelivery.create({
        data: { id: newId('msg'), teamId: 'team-resend', endpointId: endpoint.id, eventType: 'job.completed', ...data },
      })
    ).id;

  const sent = await delivery({ status: 'delivered', attempts: 3 });
  await resetForResend(db, 'team-resend', endpoint.id, sent);
  expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: sent } })).toMatchObject({
    status: 'pending',
    roundStart: 3,
    deliveredAt: null,
  });
  await expect(resetForResend(db, 'team-resend', endpoint.id, 'msg_none')).rejects.toMatchObject({ code: 'DELIVERY_NOT_FOUND' });

  const failing = await delivery();
  await failDelivery(db, failing, 'its endpoint is disabled');
  expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: failing } })).toMatchObject({
    status: 'failed',
    lastError: 'its endpoint is disabled',
  });

  const [young, old] = [await delivery(), await delivery({ createdAt: new Date(Date.now() - 7_200_000) })];
  const before = Date.now();
  for (const id of [young, old]) await deferDelivery(db, id, 'database down', 60_000, 3_600_000);
  const deferred = await db.webhookDelivery.findUniqueOrThrow({ where: { id: young } });
  expect(deferred).toMatchObject({ status: 'pending', lastError: 'database down' });
  expect(deferred.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 60_000 - 5);
  expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: old } })).toMatchObject({
    status: 'failed',
    lastError: 'database down',
  });
});
