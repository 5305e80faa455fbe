import { newJobId } from '@enrich/db';
import { admitJobs } from '@enrich/jobs';
import { bullJobId, QueueName } from '@enrich/queue';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// Requests that arrive together share their round trips: single submissions are admitted
// together (one statement, one queue transaction per team), polls are one query. Each still
// gets its own job and its own answer, and no team sees another's.
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ label: 'singles', workers: false });
});
afterAll(async () => {
  await stack.stop();
});

it('admits concurrent single submissions each with its own recorded and queued job', async () => {
  const key = await stack.key('enterprise', 'singles-team');
  const domains = [...Array.from({ length: 38 }, (_, i) => `together-${i}.com`), 'twice.com', 'twice.com'];
  const answers = await Promise.all(
    domains.map((domain) => request(stack.app).post('/enrich').set('Authorization', `Bearer ${key}`).send({ domain })),
  );
  expect(answers.map((a) => a.status)).toEqual(domains.map(() => 202));
  expect(answers.map((a) => a.body.domain)).toEqual(domains);
  const ids = answers.map((a) => a.body.jobId as string);
  expect(new Set(ids).size).toBe(domains.length);

  const db = stack.database.db;
  const rows = await db.enrichmentJob.findMany({ where: { id: { in: ids } } });
  expect(rows).toHaveLength(domains.length);

  // Queued in start jobs (fewer than the submissions: they were admitted together), each job in one.
  const startJobs = await stack.context.queues.queue(QueueName.start).getJobs(['waiting']);
  const started = startJobs.flatMap((job) => (job.data as { jobs: { jobId: string }[] }).jobs.map((j) => j.jobId));
  expect(started.sort()).toEqual([...ids].sort());
  expect(startJobs.length).toBeLessThan(ids.length);
  // The start step adds each job's flow.
  await stack.runStartJobs();
  const finalize = stack.context.queues.queue(QueueName.finalize);
  const queued = await Promise.all(ids.map((id) => finalize.getJob(bullJobId('finalize', id))));
  expect(queued.every((job) => job !== undefined)).toBe(true);

  const team = await db.team.findUniqueOrThrow({ where: { name: 'singles-team' } });
  const usage = await db.usageMonth.findMany({ where: { teamId: team.id } });
  // twice.com sent twice at once is one enrichment: the second is a duplicate of the first.
  expect(usage.map((u) => u.enrichments)).toEqual([domains.length - 1]);

  // Polled together, each job answers for itself; another team's key finds none of them.
  const otherKey = await stack.key('enterprise', 'other-team');
  const polls = await Promise.all([
    ...ids.map((id) => request(stack.app).get(`/enrich/${id}`).set('Authorization', `Bearer ${key}`)),
    ...ids.slice(0, 5).map((id) => request(stack.app).get(`/enrich/${id}`).set('Authorization', `Bearer ${otherKey}`)),
  ]);
  expect(polls.slice(0, ids.length).map((p) => [p.status, p.body.status, p.body.domain])).toEqual(
    domains.map((domain) => [200, 'processing', domain]),
  );
  expect(polls.slice(ids.length).map((p) => [p.status, p.body.error?.code])).toEqual(ids.slice(0, 5).map(() => [404, 'JOB_NOT_FOUND']));
});

it('runs a domain listed twice in one admission once and charges it once: the second job follows the first', async () => {
  const db = stack.database.db;
  const team = await db.team.create({ data: { id: 'team-twice', name: 'team-twice', plan: 'enterprise' } });
  const jobs = [
    { id: newJobId(), domain: 'listed-twice.com' },
    { id: newJobId(), domain: 'other.com' },
    { id: newJobId(), domain: 'listed-twice.com' },
  ];
  const createdAt = new Date();
  const month = new Date(Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth(), 1));
  const result = await admitJobs(db, {
    teamId: team.id,
    batch: null,
    createdAt,
    jobs,
    monthlyQuota: null,
    month,
    freshAfter: null,
    duplicateSince: new Date(createdAt.getTime() - 3_600_000),
  });
  expect(result.admitted).toBe(true);
  // The team pays for the domain once: the second listing is a duplicate of the first.
  expect(result.admitted && result.jobs.map((job) => job.charged)).toEqual([true, true, false]);
  const rows = await db.enrichmentJob.findMany({ where: { teamId: team.id } });
  const follows = Object.fromEntries(rows.map((row) => [row.id, row.followsJobId]));
  expect(follows).toEqual({ [jobs[0]!.id]: null, [jobs[1]!.id]: null, [jobs[2]!.id]: jobs[0]!.id });
});
