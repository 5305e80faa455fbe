import { randomUUID } from 'node:crypto';
import { type Db, JobStatus, newId, Plan, Prisma } from '@enrich/db';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Drift check between prisma/schema.prisma (what the generated client believes) and the
// hand-written SQL in prisma/migrations (what the database really has): every model is
// created, read, updated and deleted through the generated client against a database built
// by the project's own migrator, with every column, enum value, default, relation, cascade
// and unique constraint exercised.

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase('dbschema');
  db = database.db;
});
afterAll(() => database?.drop());

const ms = (iso: string) => new Date(iso); // TIMESTAMP(3): millisecond values must round-trip exactly

async function expectPrismaCode(promise: Promise<unknown>, code: string): Promise<Prisma.PrismaClientKnownRequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
  expect((error as Prisma.PrismaClientKnownRequestError).code).toBe(code);
  return error as Prisma.PrismaClientKnownRequestError;
}

async function makeTeam(plan: Plan = Plan.free) {
  return db.team.create({ data: { id: newId('team'), name: `team-${randomUUID()}`, plan } });
}

// Internal to the generated client, but it is exactly schema.prisma's view of each table.
interface RuntimeField {
  name: string;
  kind: string;
  type: string;
  dbName?: string;
}
function runtimeModels(): Record<string, { dbName: string | null; fields: RuntimeField[] }> {
  const model = (db as unknown as { _runtimeDataModel?: { models: Record<string, { dbName: string | null; fields: RuntimeField[] }> } })
    ._runtimeDataModel;
  if (!model) throw new Error('generated client exposes no runtime data model; update this test for the Prisma version in use');
  return model.models;
}

describe('tables and enums match schema.prisma', () => {
  it('every model maps to a table whose columns are exactly the model’s scalar fields', async () => {
    const models = runtimeModels();
    expect(Object.keys(models).sort()).toEqual(Object.values(Prisma.ModelName).sort());
    const mismatches: string[] = [];
    for (const [name, model] of Object.entries(models)) {
      const table = model.dbName ?? name;
      const expected = model.fields
        .filter((f) => f.kind !== 'object')
        .map((f) => f.dbName ?? f.name)
        .sort();
      // Columns Postgres generates for search are not declared in schema.prisma; checked below.
      const rows = await db.$queryRaw<{ column_name: string }[]>`
        SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER'`;
      const actual = rows.map((r) => r.column_name).sort();
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        mismatches.push(`${name} (${table}): schema.prisma has [${expected.join(', ')}], database has [${actual.join(', ')}]`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('the only generated column is the search vector of companies', async () => {
    const rows = await db.$queryRaw<{ table_name: string; column_name: string }[]>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_generated = 'ALWAYS' ORDER BY table_name, column_name`;
    expect(rows).toEqual([{ table_name: 'companies', column_name: 'search_vector' }]);
  });

  it('Postgres enum types hold exactly the Plan and JobStatus values, in order', async () => {
    const labels = async (type: string) =>
      (
        await db.$queryRaw<{ enumlabel: string }[]>`
          SELECT e.enumlabel FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
          WHERE t.typname = ${type} ORDER BY e.enumsortorder`
      ).map((r) => r.enumlabel);
    expect(await labels('Plan')).toEqual(Object.values(Plan));
    expect(await labels('JobStatus')).toEqual(Object.values(JobStatus));
  });
});

describe('Team', () => {
  it('stores every Plan value, defaults to free, and updates and deletes', async () => {
    for (const plan of Object.values(Plan)) {
      const created = await makeTeam(plan);
      const read = await db.team.findUniqueOrThrow({ where: { id: created.id } });
      expect(read).toEqual(created);
      expect(read.plan).toBe(plan);
      expect(await db.team.findUnique({ where: { name: created.name } })).toEqual(created);
    }
    const before = Date.now();
    const defaulted = await db.team.create({ data: { id: newId('team'), name: `default-${randomUUID()}` } });
    expect(defaulted.plan).toBe(Plan.free);
    expect(defaulted.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(defaulted.createdAt.getTime() - before)).toBeLessThan(60_000);

    const updated = await db.team.update({ where: { id: defaulted.id }, data: { plan: Plan.enterprise, name: `renamed-${defaulted.id}` } });
    expect(updated).toMatchObject({ plan: 'enterprise', name: `renamed-${defaulted.id}` });
    expect(await db.team.count({ where: { plan: Plan.enterprise } })).toBeGreaterThanOrEqual(2);

    await db.team.delete({ where: { id: defaulted.id } });
    expect(await db.team.findUnique({ where: { id: defaulted.id } })).toBeNull();
  });

  it('rejects a duplicate team name with P2002', async () => {
    const team = await makeTeam();
    await expectPrismaCode(db.team.create({ data: { id: newId('team'), name: team.name } }), 'P2002');
    // Upsert on the unique name, as issueApiKey does, finds the existing team instead.
    const upserted = await db.team.upsert({ where: { name: team.name }, create: { id: newId('team'), name: team.name }, update: {} });
    expect(upserted.id).toBe(team.id);
  });
});

describe('ApiKey', () => {
  it('round-trips every column including revokedAt and lastUsedAt', async () => {
    const team = await makeTeam(Plan.starter);
    const id = newId('key');
    const hash = 'a'.repeat(63) + '1';
    const created = await db.apiKey.create({ data: { id, teamId: team.id, hash, prefix: 'ce_live_AbCd' } });
    expect(created).toMatchObject({ id, teamId: team.id, hash, prefix: 'ce_live_AbCd', revokedAt: null, lastUsedAt: null });
    expect(created.createdAt).toBeInstanceOf(Date);

    const revokedAt = ms('2026-03-04T05:06:07.891Z');
    const lastUsedAt = ms('2026-03-04T05:00:00.123Z');
    await db.apiKey.update({ where: { id }, data: { revokedAt, lastUsedAt } });
    const read = await db.apiKey.findUniqueOrThrow({ where: { hash }, include: { team: true } });
    expect(read.revokedAt).toEqual(revokedAt);
    expect(read.lastUsedAt).toEqual(lastUsedAt);
    expect(read.team).toEqual(team);

    // Optional columns accept null again.
    await db.apiKey.update({ where: { id }, data: { revokedAt: null, lastUsedAt: null } });
    expect(await db.apiKey.findUniqueOrThrow({ where: { id } })).toMatchObject({ revokedAt: null, lastUsedAt: null });

    const withKeys = await db.team.findUniqueOrThrow({ where: { id: team.id }, include: { apiKeys: true } });
    expect(withKeys.apiKeys.map((k) => k.id)).toEqual([id]);

    await db.apiKey.delete({ where: { id } });
    expect(await db.apiKey.findUnique({ where: { id } })).toBeNull();
    expect(await db.team.findUnique({ where: { id: team.id } })).not.toBeNull(); // deleting a key leaves its team
  });

  it('rejects a duplicate key hash with P2002 and an unknown team with P2003', async () => {
    const team = await makeTeam();
    const hash = randomUUID().replace(/-/g, '').repeat(2);
    await db.apiKey.create({ data: { id: newId('key'), teamId: team.id, hash, prefix: 'ce_live_x' } });
    await expectPrismaCode(db.apiKey.create({ data: { id: newId('key'), teamId: team.id, hash, prefix: 'ce_live_y' } }), 'P2002');
    await expectPrismaCode(
      db.apiKey.create({ data: { id: newId('key'), teamId: 'team_missing', hash: `${hash}-other`, prefix: 'p' } }),
      'P2003',
    );
  });
});

describe('Batch and EnrichmentJob', () => {
  it('stores a job in every JobStatus, in a batch, with defaults and every column', async () => {
    const team = await makeTeam(Plan.growth);
    const batch = await db.batch.create({ data: { id: newId('bat'), teamId: team.id } });
    expect(batch.completedAt).toBeNull();
    expect(batch.createdAt).toBeInstanceOf(Date);

    for (const status of Object.values(JobStatus)) {
      const id = randomUUID();
      const created = await db.enrichmentJob.create({ data: { id, teamId: team.id, batchId: batch.id, domain: `${status}.example.com`, status } });
      expect(await db.enrichmentJob.findUniqueOrThrow({ where: { id } })).toEqual(created);
      expect(created.status).toBe(status);
    }

    const id = randomUUID();
    const defaults = await db.enrichmentJob.create({ data: { id, teamId: team.id, domain: 'acme.com' } });
    expect(defaults).toMatchObject({
      id,
      teamId: team.id,
      batchId: null,
      domain: 'acme.com',
      status: 'processing',
      errorCode: null,
      errorMessage: null,
      attempts: 0,
      requeues: 0,
      startedAt: null,
      completedAt: null,
    });
    expect(defaults.createdAt).toBeInstanceOf(Date);

    const startedAt = ms('2026-01-02T03:04:05.006Z');
    const completedAt = ms('2026-01-02T03:04:09.999Z');
    const updated = await db.enrichmentJob.update({
      where: { id },
      data: {
        batchId: batch.id,
        status: JobStatus.failed,
        errorCode: 'SCRAPE_FAILED',
        errorMessage: 'the site answered 500 three times — ünïcødé',
        attempts: { increment: 3 },
        requeues: { increment: 2 },
        startedAt,
        completedAt,
      },
    });
    expect(updated).toMatchObject({
      batchId: batch.id,
      status: 'failed',
      errorCode: 'SCRAPE_FAILED',
      errorMessage: 'the site answered 500 three times — ünïcødé',
      attempts: 3,
      requeues: 2,
      startedAt,
      completedAt,
    });
    expect(await db.enrichmentJob.findUniqueOrThrow({ where: { id } })).toEqual(updated);

    // Optional columns accept null again.
    await db.enrichmentJob.update({
      where: { id },
      data: { batchId: null, errorCode: null, errorMessage: null, startedAt: null, completedAt: null },
    });
    expect(await db.enrichmentJob.findUniqueOrThrow({ where: { id } })).toMatchObject({
      batchId: null,
      errorCode: null,
      errorMessage: null,
      startedAt: null,
      completedAt: null,
    });

    const withJobs = await db.batch.findUniqueOrThrow({ where: { id: batch.id }, include: { jobs: { orderBy: { domain: 'asc' } }, team: true } });
    expect(withJobs.jobs.map((j) => j.status).sort()).toEqual([...Object.values(JobStatus)].sort());
    expect(withJobs.team.id).toBe(team.id);
    expect(await db.enrichmentJob.count({ where: { teamId: team.id, status: JobStatus.processing } })).toBe(1);
    expect(await db.enrichmentJob.count({ where: { teamId: team.id, status: JobStatus.failed } })).toBe(2);

    const finishedAt = ms('2026-01-02T04:00:00.000Z');
    expect((await db.batch.update({ where: { id: batch.id }, data: { completedAt: finishedAt } })).completedAt).toEqual(finishedAt);

    await db.enrichmentJob.delete({ where: { id } });
    expect(await db.enrichmentJob.findUnique({ where: { id } })).toBeNull();
  });

  it('refuses a job id that is not a UUID (the column is uuid, as @db.Uuid says)', async () => {
    const team = await makeTeam();
    await expect(db.enrichmentJob.create({ data: { id: 'not-a-uuid', teamId: team.id, domain: 'acme.com' } })).rejects.toThrow();
  });

  it('deleting a batch keeps its jobs and sets their batchId to null', async () => {
    const team = await makeTeam();
    const batch = await db.batch.create({ data: { id: newId('bat'), teamId: team.id } });
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) await db.enrichmentJob.create({ data: { id, teamId: team.id, batchId: batch.id, domain: 'acme.com' } });
    await db.batch.delete({ where: { id: batch.id } });
    const jobs = await db.enrichmentJob.findMany({ where: { id: { in: ids } } });
    expect(jobs).toHaveLength(2);
    expect(jobs.map((j) => j.batchId)).toEqual([null, null]);
  });
});

describe('SourceResult', () => {
  it('round-trips JSON data under the composite (jobId, source) id', async () => {
    const team = await makeTeam();
    const jobId = randomUUID();
    await db.enrichmentJob.create({ data: { id: jobId, teamId: team.id, domain: 'acme.com' } });
    const data = {
      name: 'Acme, Inc.',
      pages: [{ url: 'https://acme.com/', status: 200 }, { url: 'https://acme.com/about', status: 404 }],
      employees: 120,
      ratio: 0.25,
      public: false,
      missing: null,
      nested: { deep: { deeper: ['a', 1, true, null] } },
      text: 'quotes " and \\ and ünïcødé ✓ and emoji 🚀',
    };
    const fetchedAt = ms('2026-02-03T04:05:06.789Z');
    const website = await db.sourceResult.create({ data: { jobId, source: 'website', data, fetchedAt } });
    expect(website).toEqual({ jobId, source: 'website', data, fetchedAt });
    const linkedin = await db.sourceResult.create({ data: { jobId, source: 'linkedin', data: ['array', 'top', 'level'] } });
    expect(linkedin.fetchedAt).toBeInstanceOf(Date); // default now()

    const read = await db.sourceResult.findUniqueOrThrow({ where: { jobId_source: { jobId, source: 'website' } } });
    expect(read.data).toEqual(data);
    expect((await db.sourceResult.findUniqueOrThrow({ where: { jobId_source: { jobId, source: 'linkedin' } } })).data).toEqual([
      'array',
      'top',
      'level',
    ]);

    // JSON filters reach into the jsonb column.
    expect(await db.sourceResult.count({ where: { data: { path: ['name'], equals: 'Acme, Inc.' } } })).toBe(1);

    const upserted = await db.sourceResult.upsert({
      where: { jobId_source: { jobId, source: 'website' } },
      create: { jobId, source: 'website', data: {} },
      update: { data: { replaced: true } },
    });
    expect(upserted.data).toEqual({ replaced: true });

    const job = await db.enrichmentJob.findUniqueOrThrow({ where: { id: jobId }, include: { sourceResults: { orderBy: { source: 'asc' } } } });
    expect(job.sourceResults.map((s) => s.source)).toEqual(['linkedin', 'website']);

    await db.sourceResult.delete({ where: { jobId_source: { jobId, source: 'linkedin' } } });
    expect(await db.sourceResult.count({ where: { jobId } })).toBe(1);
  });

  it('rejects a second result for the same (jobId, source) with P2002 and an unknown job with P2003', async () => {
    const team = await makeTeam();
    const jobId = randomUUID();
    await db.enrichmentJob.create({ data: { id: jobId, teamId: team.id, domain: 'acme.com' } });
    await db.sourceResult.create({ data: { jobId, source: 'website', data: { a: 1 } } });
    await expectPrismaCode(db.sourceResult.create({ data: { jobId, source: 'website', data: { a: 2 } } }), 'P2002');
    await expectPrismaCode(db.sourceResult.create({ data: { jobId: randomUUID(), source: 'website', data: {} } }), 'P2003');
  });

  it('deleting a job removes its source results', async () => {
    const team = await makeTeam();
    const jobId = randomUUID();
    await db.enrichmentJob.create({ data: { id: jobId, teamId: team.id, domain: 'acme.com' } });
    await db.sourceResult.createMany({
      data: [
        { jobId, source: 'website', data: {} },
        { jobId, source: 'linkedin', data: {} },
      ],
    });
    await db.enrichmentJob.delete({ where: { id: jobId } });
    expect(await db.sourceResult.count({ where: { jobId } })).toBe(0);
  });
});

describe('Company', () => {
  // One value for every column; the test below fails when schema.prisma gains a field that
  // this drift check does not exercise.
  const full = {
    domain: 'full.example.com',
    name: 'Full Example Ltd',
    description: 'Makes examples — with ünïcødé and "quotes".',
    industry: 'Software',
    employeeCount: '51-200',
    location: 'Berlin, Germany',
    businessStage: 'growth',
    fundingStatus: 'Series B',
    foundedYear: 2011,
    logoUrl: 'https://full.example.com/logo.png',
    email: 'hello@full.example.com',
    phone: '+49 30 1234567',
    socialProfiles: { linkedin: 'https://www.linkedin.com/company/full-example', twitter: 'https://x.com/fullexample' },
    confidence: 87,
    sources: ['website', 'linkedin', 'ai'],
    provenance: {
      name: { source: 'website', url: 'https://full.example.com/', observedAt: '2026-01-01T00:00:00.000Z' },
      industry: { source: 'ai', url: null, observedAt: '2026-01-01T00:00:01.000Z' },
    },
    enrichedAt: ms('2026-01-01T00:00:02.345Z'),
    createdAt: ms('2025-12-31T23:59:59.999Z'),
    updatedAt: ms('2026-01-01T00:00:02.345Z'),
  };

  it('the data below covers every Company field of the generated client', () => {
    expect(Object.keys(full).sort()).toEqual(Object.values(Prisma.CompanyScalarFieldEnum).sort());
  });

  it('round-trips every column, JSON and string[] included', async () => {
    const created = await db.company.create({ data: full as Prisma.CompanyCreateInput });
    const { updatedAt: _u, ...rest } = full;
    expect(created).toMatchObject(rest); // updatedAt is set by the client on write
    const read = await db.company.findUniqueOrThrow({ where: { domain: full.domain } });
    expect(read).toEqual(created);
    expect(read.sources).toEqual(['website', 'linkedin', 'ai']);
    expect(read.socialProfiles).toEqual(full.socialProfiles);
    expect(read.provenance).toEqual(full.provenance);
    expect(await db.company.count({ where: { sources: { has: 'linkedin' } } })).toBeGreaterThanOrEqual(1);
  });

  it('applies the column defaults to a company created with its domain only', async () => {
    const before = Date.now();
    const company = await db.company.create({ data: { domain: 'bare.example.com' } });
    const nullable = Object.values(Prisma.CompanyScalarFieldEnum).filter(
      (f) => !['domain', 'socialProfiles', 'confidence', 'sources', 'provenance', 'enrichedAt', 'createdAt', 'updatedAt'].includes(f),
    );
    for (const field of nullable) expect({ field, value: company[field as keyof typeof company] }).toEqual({ field, value: null });
    expect(company).toMatchObject({ socialProfiles: {}, confidence: 0, sources: [], provenance: {} });
    for (const field of ['enrichedAt', 'createdAt', 'updatedAt'] as const) {
      expect(company[field]).toBeInstanceOf(Date);
      expect(Math.abs(company[field].getTime() - before)).toBeLessThan(60_000);
    }
    // The same defaults hold for a row written by plain SQL (the database's own DEFAULTs).
    await db.$executeRaw`INSERT INTO companies (domain) VALUES ('sql.example.com')`;
    expect(await db.company.findUniqueOrThrow({ where: { domain: 'sql.example.com' } })).toMatchObject({
      socialProfiles: {},
      confidence: 0,
      sources: [],
      provenance: {},
    });
  });

  it('updates every column, sets optional ones back to null, bumps updatedAt and deletes', async () => {
    const domain = 'update.example.com';
    const created = await db.company.create({ data: { ...full, domain, updatedAt: undefined } as Prisma.CompanyCreateInput });
    await new Promise((r) => setTimeout(r, 5));
    const changed = await db.company.update({
      where: { domain },
      data: {
        name: null,
        description: null,
        industry: null,
        employeeCount: null,
        location: null,
        businessStage: null,
        fundingStatus: null,
        foundedYear: null,
        logoUrl: null,
        email: null,
        phone: null,
        socialProfiles: { github: 'https://github.com/update' },
        confidence: 12,
        sources: { push: 'extra' },
        provenance: {},
        enrichedAt: ms('2026-05-05T05:05:05.555Z'),
      },
    });
    expect(changed).toMatchObject({
      name: null,
      description: null,
      industry: null,
      employeeCount: null,
      location: null,
      businessStage: null,
      fundingStatus: null,
      foundedYear: null,
      logoUrl: null,
      email: null,
      phone: null,
      socialProfiles: { github: 'https://github.com/update' },
      confidence: 12,
      sources: ['website', 'linkedin', 'ai', 'extra'],
      provenance: {},
      enrichedAt: ms('2026-05-05T05:05:05.555Z'),
    });
    expect(changed.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());
    expect(await db.company.findUniqueOrThrow({ where: { domain } })).toEqual(changed);

    const emptied = await db.company.update({ where: { domain }, data: { sources: { set: [] } } });
    expect(emptied.sources).toEqual([]);

    await db.company.delete({ where: { domain } });
    expect(await db.company.findUnique({ where: { domain } })).toBeNull();
  });

  it('rejects a duplicate domain with P2002; upsert updates the existing row', async () => {
    const domain = 'dupe.example.com';
    await db.company.create({ data: { domain, name: 'First' } });
    await expectPrismaCode(db.company.create({ data: { domain, name: 'Second' } }), 'P2002');
    const upserted = await db.company.upsert({ where: { domain }, create: { domain, name: 'never' }, update: { name: 'Second' } });
    expect(upserted.name).toBe('Second');
    expect(await db.company.count({ where: { domain } })).toBe(1);
  });
});

describe('cascades', () => {
  it('deleting a team removes its keys, batches, jobs and their source results, and nothing of other teams', async () => {
    const doomed = await makeTeam(Plan.growth);
    const kept = await makeTeam(Plan.growth);
    const seed = async (teamId: string) => {
      await db.apiKey.create({ data: { id: newId('key'), teamId, hash: `h-${randomUUID()}`, prefix: 'ce_live_abcd' } });
      const batch = await db.batch.create({ data: { id: newId('bat'), teamId } });
      const jobId = randomUUID();
      await db.enrichmentJob.create({ data: { id: jobId, teamId, batchId: batch.id, domain: 'acme.com' } });
      await db.sourceResult.create({ data: { jobId, source: 'website', data: { ok: true } } });
      return { batchId: batch.id, jobId };
    };
    const d = await seed(doomed.id);
    const k = await seed(kept.id);

    await db.team.delete({ where: { id: doomed.id } });

    expect(await db.apiKey.count({ where: { teamId: doomed.id } })).toBe(0);
    expect(await db.batch.count({ where: { teamId: doomed.id } })).toBe(0);
    expect(await db.enrichmentJob.count({ where: { teamId: doomed.id } })).toBe(0);
    expect(await db.sourceResult.count({ where: { jobId: d.jobId } })).toBe(0);

    expect(await db.apiKey.count({ where: { teamId: kept.id } })).toBe(1);
    expect(await db.batch.count({ where: { id: k.batchId } })).toBe(1);
    expect(await db.enrichmentJob.count({ where: { id: k.jobId, batchId: k.batchId } })).toBe(1);
    expect(await db.sourceResult.count({ where: { jobId: k.jobId } })).toBe(1);
  });

  it('companies are not tied to teams: deleting a team leaves companies alone', async () => {
    const team = await makeTeam();
    await db.company.create({ data: { domain: 'independent.example.com' } });
    await db.enrichmentJob.create({ data: { id: randomUUID(), teamId: team.id, domain: 'independent.example.com' } });
    await db.team.delete({ where: { id: team.id } });
    expect(await db.company.findUnique({ where: { domain: 'independent.example.com' } })).not.toBeNull();
  });
});
