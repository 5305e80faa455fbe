import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runSearch } from '@enrich/api';
import { type Db, dropDatabase, ensureDatabase, MIGRATIONS_DIR, migrate, sqlConnection, sqlPool } from '@enrich/db';
import { sleep } from '@enrich/testkit';
import { Client } from 'pg';
import request from 'supertest';
import { startTestStack, type TestStack } from '../support/test-stack';

// GET /companies/search reads each team's copy of its companies' searched columns in
// team_companies, which triggers keep (migration 20261121140000_team_search): the pipeline only
// ever writes companies and (team, domain, enriched_at). These tests change companies the way
// the pipeline does and search through the API, as team A and team B.

let stack: TestStack;
let db: Db;
let keyA: string;
let keyB: string;
let teamA: string;
let teamB: string;

const at = (minutes: number) => new Date(Date.parse('2026-03-01T00:00:00.000Z') + minutes * 60_000);

async function keyAndTeam(name: string) {
  const key = await stack.key('growth', name);
  return { key, teamId: (await db.team.findUniqueOrThrow({ where: { name } })).id };
}

beforeAll(async () => {
  stack = await startTestStack({ label: 'searchsync', workers: false });
  db = stack.database.db;
  ({ key: keyA, teamId: teamA } = await keyAndTeam('sync-team-a'));
  ({ key: keyB, teamId: teamB } = await keyAndTeam('sync-team-b'));
});
afterAll(() => stack.stop());

async function domains(query: Record<string, string>, key = keyA): Promise<string[]> {
  const res = await request(stack.app).get('/companies/search').query(query).set('Authorization', `Bearer ${key}`);
  expect(res.status).toBe(200);
  return (res.body.results as { domain: string }[]).map((r) => r.domain);
}

describe('the team’s copy of its companies', () => {
  it('follows a company re-enriched with a new name, for every team that has it', async () => {
    const domain = 'renamed.dev';
    try {
      await db.company.create({ data: { domain, name: 'Oldname Robotics' } });
      await db.teamCompany.createMany({
        data: [
          { teamId: teamA, domain, enrichedAt: at(-200) },
          { teamId: teamB, domain, enrichedAt: at(-200) },
        ],
      });
      expect(await domains({ q: 'oldname' })).toEqual([domain]);
      // What the finalize step does when a later run finds a new name.
      await db.company.upsert({ where: { domain }, create: { domain }, update: { name: 'Newname Robotics' } });
      for (const key of [keyA, keyB]) {
        expect(await domains({ q: 'newname' }, key)).toEqual([domain]);
        expect(await domains({ q: 'oldname' }, key)).toEqual([]);
        expect(await domains({ q: 'newnme robotics' }, key)).toEqual([domain]);
      }
    } finally {
      await db.company.deleteMany({ where: { domain } });
    }
  });

  it('holds a new company written in the very statement that writes the team row, as finalize writes them', async () => {
    const domain = 'onestatement.dev';
    try {
      await sqlPool(db).query(
        `WITH company AS (INSERT INTO companies (domain, name, industry, sources, confidence) VALUES ($1, 'Onestatement Labs', 'Robotics', '{website}', 60))
         INSERT INTO team_companies (team_id, domain, enriched_at) VALUES ($2, $1, $3)`,
        [domain, teamA, at(-10)],
      );
      expect(await domains({ q: 'onestatement' })).toEqual([domain]);
      expect(await domains({ q: 'onestatement', industry: 'Robotics' })).toEqual([domain]);
      expect(await domains({ q: 'onestatement' }, keyB)).toEqual([]);
    } finally {
      await db.company.deleteMany({ where: { domain } });
    }
  });

  it('filters on the company’s current industry, stage, location and confidence', async () => {
    const domain = 'shifter.io';
    const filters = { industry: 'energy', businessStage: 'public', location: 'oslo', minConfidence: '95' };
    try {
      await db.company.create({
        data: { domain, name: 'Shifter', industry: 'Retail', location: 'Paris, France', businessStage: 'startup', confidence: 30 },
      });
      await db.teamCompany.create({ data: { teamId: teamA, domain, enrichedAt: at(-300) } });
      expect(await domains({ industry: 'retail' })).toEqual([domain]);
      expect(await domains(filters)).toEqual([]);

      await db.company.update({
        where: { domain },
        data: { industry: 'Energy', location: 'Oslo, Norway', businessStage: 'public', confidence: 95 },
      });
      expect(await domains({ industry: 'retail' })).toEqual([]);
      expect(await domains(filters)).toEqual([domain]);
      expect(await domains({ q: 'shifter oslo', ...filters })).toEqual([domain]);
      expect(await domains({ q: 'shifter paris' })).toEqual([]);
    } finally {
      await db.company.deleteMany({ where: { domain } });
    }
  });

  it('keeps the company’s values when a team enriches it again, and whatever else a writer sends', async () => {
    const domain = 'steady.dev';
    try {
      await db.company.create({ data: { domain, name: 'Steady Labs', industry: 'Software' } });
      await db.teamCompany.create({ data: { teamId: teamA, domain, enrichedAt: at(-400) } });
      // As a duplicate submission answered from the stored record does it (the admission statement in packages/jobs/src/admission.ts).
      await db.$executeRaw`
        INSERT INTO team_companies (team_id, domain, enriched_at) VALUES (${teamA}, ${domain}, ${at(400)}::timestamp)
        ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at`;
      expect(await domains({ limit: '1' })).toEqual([domain]);
      await db.$executeRaw`
        UPDATE team_companies SET search_vector = to_tsvector('simple', 'forged'), industry = 'Forged'
        WHERE team_id = ${teamA} AND domain = ${domain}`;
      expect(await domains({ q: 'forged' })).toEqual([]);
      expect(await domains({ industry: 'forged' })).toEqual([]);
      expect(await domains({ q: 'steady', industry: 'software' })).toEqual([domain]);
    } finally {
      await db.company.deleteMany({ where: { domain } });
    }
  });

  it('copies a company re-enriched by another transaction while a team row for it is written', async () => {
    const domain = 'racing.dev';
    const enricher = new Client({ connectionString: stack.database.url });
    const other = new Client({ connectionString: stack.database.url });
    try {
      await db.company.create({ data: { domain, name: 'Before Robotics' } });
      await db.teamCompany.create({ data: { teamId: teamA, domain, enrichedAt: at(-500) } });
      await Promise.all([enricher.connect(), other.connect()]);
      await enricher.query('BEGIN');
      await enricher.query(`UPDATE companies SET name = 'After Robotics' WHERE domain = $1`, [domain]);
      // Team B gets the company while the new name is not committed yet.
      const inserting = other.query('INSERT INTO team_companies (team_id, domain, enriched_at) VALUES ($1, $2, now())', [teamB, domain]);
      await sleep(200);
      await enricher.query('COMMIT');
      await inserting;
      for (const key of [keyA, keyB]) {
        expect(await domains({ q: 'after robotics' }, key)).toEqual([domain]);
        expect(await domains({ q: 'before robotics' }, key)).toEqual([]);
      }
    } finally {
      await Promise.all([enricher.end(), other.end()]);
      await db.company.deleteMany({ where: { domain } });
    }
  });

  it('is filled by the migration for rows written before it', async () => {
    const url = `${stack.database.url}_backfill`;
    const before = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    const client = new Client({ connectionString: url });
    try {
      const names = (await readdir(MIGRATIONS_DIR, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
      for (const name of names.filter((n) => n < '20261121140000_team_search')) {
        await cp(path.join(MIGRATIONS_DIR, name), path.join(before, name), { recursive: true });
      }
      await ensureDatabase(url);
      await migrate(url, before);
      await client.connect();
      await client.query(`INSERT INTO teams (id, name) VALUES ('team_old', 'old')`);
      await client.query(`INSERT INTO companies (domain, name, industry, location, business_stage, confidence)
        VALUES ('early.com', 'Early Bird', 'Aerospace', 'Lyon, France', 'growth', 77)`);
      await client.query(`INSERT INTO team_companies (team_id, domain, enriched_at) VALUES ('team_old', 'early.com', now())`);

      expect(await migrate(url)).toContain('20261121140000_team_search');
      const copied = await client.query(`SELECT t.search_vector = c.search_vector AS same_vector, t.industry, t.business_stage,
        t.location, t.confidence FROM team_companies t JOIN companies c USING (domain)`);
      expect(copied.rows).toEqual([
        { same_vector: true, industry: 'Aerospace', business_stage: 'growth', location: 'Lyon, France', confidence: 77 },
      ]);
      const direct = sqlConnection(client);
      const input = { teamId: 'team_old', terms: ['early'], filters: { industry: 'aerospace' }, limit: 20, offset: 0 };
      const found = await runSearch(direct, input);
      expect(found.rows.map((row) => row.company.domain)).toEqual(['early.com']);
    } finally {
      await client.end().catch(() => undefined);
      await dropDatabase(url);
      await rm(before, { recursive: true, force: true });
    }
  });
});
