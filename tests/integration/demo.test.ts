import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dropDatabase } from '@enrich/db';
import { parseLinkedInCompanyPage } from '@enrich/scraper';
import { type CommandResult, linkedInCompanyPage, linkedInPageUrl, runNpmScript } from '@enrich/testkit';
import { Redis } from 'ioredis';
import { COLUMN_SEPARATOR, TABLE_COLUMNS } from '../../scripts/demo/print-records';
import { SAMPLE_COMPANIES } from '../../scripts/demo/sample-companies';
import { TEST_DATABASE_SERVER } from '../support/test-database';

// `npm run demo` as a user runs it: a real child process that starts the service, enriches the
// sample companies through the HTTP API, prints them and exits. Run here against a database of
// its own (the demo creates and migrates it, as `npm start` would the normal one).

const SERVER = TEST_DATABASE_SERVER;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE_URL = `${SERVER}/enrich_test_${process.pid}_demo_${randomBytes(4).toString('hex')}`;
const DEMO_TIMEOUT_MS = 120_000;

describe('the sample LinkedIn pages', () => {
  it.each(SAMPLE_COMPANIES.map((c) => [c.domain, c] as const))('%s: parseLinkedInCompanyPage reads every fact', (_domain, c) => {
    const result = parseLinkedInCompanyPage(linkedInCompanyPage(c.linkedin), linkedInPageUrl(c.linkedin.slug));
    if (!result.ok) throw new Error(`not read as a company page: ${result.reason}`);
    const p = c.linkedin;
    expect(result.company).toMatchObject({
      linkedinUrl: linkedInPageUrl(p.slug),
      name: p.name,
      tagline: p.tagline,
      description: p.description,
      industry: p.industry,
      employeeCount: p.size.replace(/,/g, '').replace(/ employees$/, ''),
      employeeCountOnLinkedIn: p.employeesOnLinkedIn,
      headquarters: `${p.address.locality}, ${p.address.region}`,
      companyType: p.companyType,
      foundedYear: p.founded,
      websiteDomain: c.domain,
      specialties: p.specialties,
      logoUrl: p.logoUrl,
      followers: p.followers,
    });
    // As on the real page: the JSON-LD block wins where it states a fact, the About list fills the rest.
    expect(result.company.sources).toMatchObject({
      name: 'json-ld',
      address: 'json-ld',
      industry: 'about-us',
      employeeCount: 'about-us',
      foundedYear: 'about-us',
    });
  });
});

function runDemo(): Promise<CommandResult> {
  return runNpmScript('demo', [], {
    // Offline whatever the caller's environment holds: no real Anthropic API.
    env: { ...process.env, DATABASE_URL, REDIS_URL, ANTHROPIC_API_KEY: '', NO_COLOR: '1' },
    timeoutMs: DEMO_TIMEOUT_MS,
    // The demo cleans up (its apps, Chromium, its queues) on SIGINT.
    timeoutSignal: 'SIGINT',
  });
}

/** The printed table's rows, by domain: column name → cell. */
function tableRows(stdout: string): Map<string, Record<string, string>> {
  const rows = new Map<string, Record<string, string>>();
  for (const line of stdout.split('\n')) {
    const cells = line.split(COLUMN_SEPARATOR.trim()).map((cell) => cell.trim());
    if (cells.length !== TABLE_COLUMNS.length || cells[0] === 'domain') continue;
    rows.set(cells[0]!, Object.fromEntries(TABLE_COLUMNS.map((column, i) => [column, cells[i]!])));
  }
  return rows;
}

/** Processes still in the process groups the demo's apps led (the apps, or a Chromium they started). */
function processesInGroups(groups: number[]): number[] {
  const left: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // pid (comm) state ppid pgrp …; comm may itself hold spaces and parentheses.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state !== 'Z' && groups.includes(Number(pgrp))) left.push(Number(entry));
  }
  return left;
}

describe('npm run demo', () => {
  afterAll(async () => {
    await dropDatabase(DATABASE_URL);
  });

  it(
    'enriches every sample company from its website and LinkedIn page, prints them, cleans up and exits 0',
    async () => {
      const run = await runDemo();
      if (run.code !== 0) throw new Error(`demo exited ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);

      expect(run.stdout).toMatch(/AI source: OFF/);
      expect(run.stdout).toMatch(/ANTHROPIC_API_KEY=sk-ant-… npm run demo/);
      const rows = tableRows(run.stdout);
      for (const company of SAMPLE_COMPANIES) {
        const row = rows.get(company.domain);
        if (!row) throw new Error(`${company.domain} is not in the printed table:\n${run.stdout}`);
        // The JavaScript-shell homepage too: its name, links and LinkedIn link exist only once
        // Chromium has run the page (its LinkedIn vanity name is not one the scraper would guess).
        expect([company.name, company.linkedin.name]).toContain(row.name);
        expect(row.sources!.split(', ')).toEqual(expect.arrayContaining(['website', 'linkedin']));
        expect(Number(row.confidence)).toBeGreaterThan(0);
      }
      expect(rows.get('harborline-freight.com')).toMatchObject({ stage: 'public', founded: '2004' });
      // One full record as JSON.
      expect(run.stdout).toMatch(/"fieldSources": \{/);

      // Nothing left running (its three apps, Chromium), and its queues are gone from Redis.
      const pids = /\(pids (\d+), (\d+), (\d+);/.exec(run.stdout)!.slice(1).map(Number);
      expect(processesInGroups(pids)).toEqual([]);
      const prefix = /queue prefix (demo-\d+)/.exec(run.stdout)![1]!;
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      try {
        expect(await redis.keys(`{${prefix}}*`)).toEqual([]);
      } finally {
        redis.disconnect();
      }
    },
    DEMO_TIMEOUT_MS + 20_000,
  );
});
