import { readFileSync } from 'node:fs';
import type { Client } from 'pg';
import { companyGenerator } from './bench-search-data';

// The write side of scripts/bench-search.ts: what the triggers and indexes that keep the teams'
// search rows cost the writes that fire them. Each write is rolled back, so the data stays as
// seeded; timed with the triggers, and with them disabled (no copy, so no copied words to index).
// Besides the wall time, the PostgreSQL backend's own CPU time per write (its schedstat, in ns),
// which is what a busy server pays and what the client's round trip does not blur.

export interface Write {
  name: string;
  sql: string;
  params: (smallTeam: string, bigTeam: string, domain: string, n: number) => unknown[];
}

// A company re-enriched by the finalize step (packages/pipeline/src/steps/finalize-step.sql):
// the company upserted with new values and the team's row refreshed, in one statement.
const reEnriched = companyGenerator(7);

export const WRITES: Write[] = [
  {
    name: 'company re-enriched with a new name',
    sql: `UPDATE companies SET name = name || ' Renamed' WHERE domain = $1`,
    params: (_small, _big, domain) => [domain],
  },
  {
    name: 'team enriches a company',
    sql: 'INSERT INTO team_companies (team_id, domain, enriched_at) VALUES ($1, $2, now())',
    params: (small, _big, domain) => [small, domain],
  },
  {
    name: 'upsert of a company and its team row (finalize)',
    sql: `WITH company AS (
        INSERT INTO companies (domain, name, description, industry, location, business_stage, confidence, social_profiles,
          technologies, sources, provenance, enriched_at)
        VALUES ($2, $3, $4, $5, $6, $7, $8, '{}', '{}', '{website}', '{}', now())
        ON CONFLICT (domain) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
          industry = EXCLUDED.industry, location = EXCLUDED.location, business_stage = EXCLUDED.business_stage,
          confidence = EXCLUDED.confidence, enriched_at = EXCLUDED.enriched_at
      ), team AS (
        INSERT INTO team_companies (team_id, domain, enriched_at) VALUES ($1, $2, now())
        ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at
      )
      SELECT 1`,
    params: (_small, big, domain) => {
      const next = reEnriched();
      return [big, domain, next.name, next.description, next.industry, next.location, next.businessStage, next.confidence];
    },
  },
];

const TRIGGERS = [
  ['companies', 'companies_team_search_columns'],
  ['team_companies', 'team_companies_search_columns'],
];

export interface WriteTimes {
  /** Wall time per write, sorted, ms. */
  wall: number[];
  /** The backend's CPU time per write, sorted, ms. */
  cpu: number[];
}

// Nanoseconds the process has run on a CPU (the first field of /proc/<pid>/schedstat).
const cpuNs = (pid: number) => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);

export async function backendPid(client: Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return rows[0]!.pid;
}

export async function writeTimes(
  client: Client,
  pid: number,
  write: Write,
  teams: { small: string; big: string },
  domains: string[],
  triggers: boolean,
): Promise<WriteTimes> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const [n, domain] of domains.entries()) {
    await client.query('BEGIN');
    if (!triggers) for (const [table, trigger] of TRIGGERS) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
    const params = write.params(teams.small, teams.big, domain, n);
    const cpuStart = cpuNs(pid);
    const start = process.hrtime.bigint();
    await client.query(write.sql, params);
    wall.push(Number(process.hrtime.bigint() - start) / 1e6);
    cpu.push((cpuNs(pid) - cpuStart) / 1e6);
    await client.query('ROLLBACK');
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}
