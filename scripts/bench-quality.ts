// Benchmark (not a test): how right the data is on real pages nobody here wrote. The 130 pages
// of the quality corpus (packages/testkit/corpora/readability: mozilla/readability's saved test
// pages, with hand-judged names and descriptions) are each served as their site's homepage by a
// local fixture server; the API and the workers run as `npm start` runs them (child processes,
// LinkedIn and the AI source off, Chromium on), on a database and queue prefix of their own, and
// enrich them in bulk requests (one per round: a domain serves one page at a time). Prints the scores against the targets, accuracy by
// confidence band and every miss (packages/testkit/src/quality-corpus.ts scores them).
//
//   npm run bench:quality
// Environment: DATABASE_URL (its server), REDIS_URL, QUEUE_STORE, BENCH_TIMEOUT_MS (300000).
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiEnv } from '@enrich/api';
import { issueApiKey, setTeamLimits } from '@enrich/api-keys';
import { loadConfig } from '@enrich/config';
import { createPrismaClient, dropDatabase, ensureDatabase, migrate } from '@enrich/db';
import { createRedisConnection, removePrefixKeys, waitUntilConnected } from '@enrich/queue';
import {
  corpusSites,
  type EnrichDomains,
  formatQualityReport,
  freePort,
  qualityCorpus,
  runCorpus,
  type Share,
  spawnService,
  stopApps,
  summarize,
} from '@enrich/testkit';
import { workerEnv } from '@enrich/worker-scrape';
import { EnrichClient, waitForApi } from './support/enrich-client';
import { runMain } from './support/run-main';

const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 300_000);
const server = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/enrichment');
server.pathname = '/enrich_bench_quality';
const DATABASE_URL = server.toString();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `bench-quality-${process.pid}`;
const LOG_FILE = path.join(os.tmpdir(), 'company-enrichment-bench-quality.log');

/** The issue's targets (shares of 1). */
export const QUALITY_TARGETS = { name: 0.97, descriptionOnMeta: 0.97, descriptionWithDomain: 0.9, topBand: 0.99 } as const;

const verdict = (s: Share, target: number) =>
  `${(s.rate * 100).toFixed(1)} % (target ≥ ${target * 100} %) ${s.rate >= target ? 'OK' : 'BELOW TARGET'}`;

/** Enriches domains in one bulk request through the running service (refresh: an earlier round stored them). */
const enrichThrough =
  (client: EnrichClient): EnrichDomains =>
  async (domains) => {
    const accepted = await client.submitBulk(domains, true);
    if (accepted.invalid.length > 0) throw new Error(`the API refused corpus domains: ${JSON.stringify(accepted.invalid)}`);
    await client.waitForBatch(accepted.batchId, { timeoutMs: TIMEOUT_MS, pollMs: 250 });
    const items = await client.batchItems(accepted.batchId);
    return new Map(items.map((item) => [item.domain, item.status === 'completed' && item.data ? item.data : null]));
  };

async function main(): Promise<number> {
  const pages = qualityCorpus();
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    await dropDatabase(DATABASE_URL);
    await ensureDatabase(DATABASE_URL);
    await migrate(DATABASE_URL);
    cleanups.push(() => dropDatabase(DATABASE_URL));
    const db = createPrismaClient(DATABASE_URL, { maxConnections: 2 });
    cleanups.push(() => db.$disconnect());
    if ((process.env.QUEUE_STORE ?? 'redis') === 'redis') {
      const redis = createRedisConnection(REDIS_URL, 'producer');
      await waitUntilConnected(redis, 5000);
      cleanups.push(async () => redis.disconnect());
      cleanups.push(() => removePrefixKeys(redis, PREFIX));
    }
    const sites = corpusSites(pages);
    await sites.start();
    cleanups.push(() => sites.stop());

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL,
      REDIS_URL,
      QUEUE_PREFIX: PREFIX,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      METRICS_PORT: '0',
      SCRAPER_HOST_MAP: sites.hostMap(),
      LINKEDIN_ENABLED: 'false',
      ANTHROPIC_API_KEY: '',
    };
    for (const schema of [apiEnv, workerEnv]) loadConfig(schema, env);
    const log = createWriteStream(LOG_FILE);
    cleanups.push(() => new Promise((resolve) => log.end(resolve)));
    const service = spawnService(env, log);
    cleanups.push(() => stopApps(service.all));
    await service.ready;
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForApi(baseUrl, 30_000);
    const { key } = await issueApiKey(db, 'bench-quality', 'enterprise');
    await setTeamLimits(db, 'bench-quality', { rateLimitPerMinute: 1_000_000, monthlyQuota: 1_000_000_000 });

    const started = performance.now();
    const scores = await runCorpus(pages, sites, enrichThrough(new EnrichClient(baseUrl, key)));
    const summary = summarize(scores);
    const named = pages.filter((p) => p.label.status !== 'none').length;
    console.log(
      `quality corpus: ${pages.length} real pages (${named} named or ambiguous, ${pages.length - named} without a name), enriched in ${((performance.now() - started) / 1000).toFixed(1)} s; LinkedIn and AI off\n`,
    );
    console.log(formatQualityReport(summary, scores));
    const top = summary.byBand.at(-1)!.right;
    console.log(
      [
        '',
        'targets',
        `  name right (named and ambiguous)         ${verdict(summary.nameRight, QUALITY_TARGETS.name)}`,
        `  description (metadata has one)           ${verdict(summary.descriptionOnMeta, QUALITY_TARGETS.descriptionOnMeta)}`,
        `  description (pages with a domain)        ${verdict(summary.descriptionWithDomain, QUALITY_TARGETS.descriptionWithDomain)}`,
        `  right names in the top confidence band   ${verdict(top, QUALITY_TARGETS.topBand)}`,
        `  names given on pages without one         ${summary.noneNamed.count === 0 ? 'none OK' : `${summary.noneNamed.count} ABOVE TARGET (0)`}`,
        `the apps' output: ${LOG_FILE}`,
      ].join('\n'),
    );
    return 0;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
  }
}

runMain(main);
