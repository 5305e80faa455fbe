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
import { corpusSites, type EnrichDomains, formatQualityReport, qualityCorpus, runCorpus, type Share, summarize } from '@enrich/testkit';
import { type Cleanups, runCleanups, startBenchService } from './support/bench-service';
import { EnrichClient } from './support/enrich-client';
import { runMain } from './support/run-main';

const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 300_000);

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
  const cleanups: Cleanups = [];
  try {
    const sites = corpusSites(pages);
    await sites.start();
    cleanups.push(() => sites.stop());
    const { baseUrl, key, logFile } = await startBenchService('quality', { hostMap: sites.hostMap(), cleanups });

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
        `the apps' output: ${logFile}`,
      ].join('\n'),
    );
    return 0;
  } finally {
    await runCleanups(cleanups);
  }
}

runMain(main);
