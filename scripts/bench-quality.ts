// Benchmark (not a test): how right the data is on real pages nobody here wrote, in two corpora
// (packages/testkit/corpora): readability, 130 saved pages (mozilla/readability's test pages)
// with hand-judged names and descriptions, each served as its site's homepage; and webstruct,
// 54 small business websites with their homepages and contact or about pages at their own
// paths, with the names, phones and cities hand annotators marked. Local fixture servers play
// the sites; the API and the workers run as `npm start` runs them (child processes, LinkedIn
// and the AI source off, Chromium on), on a database and queue prefix of their own, and enrich
// them in bulk requests. Each corpus is split into a tuning and a held-out part (split.json,
// by a hash of the page's name); both parts' scores are printed against the targets, and the
// misses of the tuning part only (quality-corpus.ts and business-corpus.ts score them).
//
//   npm run bench:quality
// Environment: DATABASE_URL (its server), REDIS_URL, QUEUE_STORE, BENCH_TIMEOUT_MS (300000).
import {
  type BusinessRecord,
  type BusinessSiteScore,
  businessCorpus,
  CORPUS_PARTS,
  corpusSites,
  type EnrichDomains,
  formatBusinessMisses,
  formatBusinessSummary,
  formatQualityReport,
  type PageScore,
  qualityCorpus,
  runCorpus,
  type Share,
  scoreBusinessSite,
  serveBusinessSites,
  summarize,
  summarizeBusiness,
} from '@enrich/testkit';
import { type Cleanups, runCleanups, startBenchService } from './support/bench-service';
import { type CompanyData, EnrichClient } from './support/enrich-client';
import { runMain } from './support/run-main';

const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 300_000);

/** The targets (shares of 1), each read on a corpus's held-out part. */
export const QUALITY_TARGETS = {
  readabilityName: 0.97,
  businessName: 0.95,
  /** Most points between a corpus's tuning and held-out parts' name scores. */
  partsApart: 0.03,
  phone: 0.9,
  city: 0.85,
  businessDescription: 0.95,
  descriptionOnMeta: 0.97,
  topBand: 0.99,
} as const;

const pct = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const verdict = (s: Share, target: number) =>
  `${pct(s.rate)} (${s.count} of ${s.of}; target ≥ ${target * 100} %) ${s.rate >= target ? 'OK' : 'ABOVE TARGET'}`;
const apart = (a: Share, b: Share) => {
  const points = Math.abs(a.rate - b.rate);
  return `${(points * 100).toFixed(1)} points (target ≤ ${QUALITY_TARGETS.partsApart * 100}) ${points <= QUALITY_TARGETS.partsApart ? 'OK' : 'ABOVE TARGET'}`;
};

/** Enriches domains in one bulk request through the running service (refresh: an earlier round stored them). */
const enrichThrough = (client: EnrichClient) => async (domains: string[]) => {
  const accepted = await client.submitBulk(domains, true);
  if (accepted.invalid.length > 0) throw new Error(`the API refused corpus domains: ${JSON.stringify(accepted.invalid)}`);
  await client.waitForBatch(accepted.batchId, { timeoutMs: TIMEOUT_MS, pollMs: 250 });
  const items = await client.batchItems(accepted.batchId);
  return new Map<string, CompanyData | null>(
    items.map((item) => [item.domain, item.status === 'completed' && item.data ? item.data : null]),
  );
};

function readabilityReport(scores: PageScore[]): string[] {
  const [tuning, heldOut] = CORPUS_PARTS.map((part) => summarize(scores.filter((s) => s.part === part)));
  const all = summarize(scores);
  const lines = ["readability: 130 real pages, each its site's homepage", formatQualityReport(all, scores), ''];
  for (const [part, summary] of [
    ['tuning', tuning!],
    ['held-out', heldOut!],
  ] as const) {
    lines.push(
      `  ${part.padEnd(9)} name ${pct(summary.nameRight.rate)} (${summary.nameRight.count} of ${summary.nameRight.of}), description where metadata has one ${pct(summary.descriptionOnMeta.rate)}, top band right ${pct(summary.byBand.at(-1)!.right.rate)} (${summary.byBand.at(-1)!.right.of}), names on pages without one ${summary.noneNamed.count}`,
    );
  }
  lines.push(
    'readability targets (held-out part)',
    `  name right                                ${verdict(heldOut!.nameRight, QUALITY_TARGETS.readabilityName)}`,
    `  name, tuning and held-out apart by        ${apart(tuning!.nameRight, heldOut!.nameRight)}`,
    `  description (metadata has one)            ${verdict(heldOut!.descriptionOnMeta, QUALITY_TARGETS.descriptionOnMeta)}`,
    // No target: the pages with a domain but no description state none (their labels give none
    // either); the ≥ 90 % once set here could only be met by passing an article off as one.
    `  description (pages with a domain)         ${pct(heldOut!.descriptionWithDomain.rate)} (${heldOut!.descriptionWithDomain.count} of ${heldOut!.descriptionWithDomain.of}; no target: the rest state none)`,
    `  right names in the top confidence band    ${verdict(all.byBand.at(-1)!.right, QUALITY_TARGETS.topBand)} (both parts)`,
    `  names given on pages without one          ${all.noneNamed.count === 0 ? 'none OK' : `${all.noneNamed.count} ABOVE TARGET (0)`}`,
  );
  return lines;
}

function businessReport(scores: BusinessSiteScore[]): string[] {
  const [tuning, heldOut] = CORPUS_PARTS.map((part) => summarizeBusiness(scores.filter((s) => s.part === part)));
  const all = summarizeBusiness(scores);
  const lines = ['webstruct: 54 small business websites, every saved page at its own path'];
  lines.push(`  tuning (${tuning!.sites} sites)`, ...formatBusinessSummary(tuning!));
  lines.push(`  held-out (${heldOut!.sites} sites)`, ...formatBusinessSummary(heldOut!));
  lines.push('  misses (tuning part)', ...formatBusinessMisses(scores));
  lines.push(
    'webstruct targets (held-out part)',
    `  name right                                ${verdict(heldOut!.nameRight, QUALITY_TARGETS.businessName)}`,
    `  name, tuning and held-out apart by        ${apart(tuning!.nameRight, heldOut!.nameRight)}`,
    `  phone right where the site shows one      ${verdict(heldOut!.phoneRight, QUALITY_TARGETS.phone)}`,
    `  phones that are not the site's own        ${all.phoneNotOwn.count === 0 ? 'none OK' : `${all.phoneNotOwn.count} ABOVE TARGET (0, both parts)`}`,
    `  city in the location where shown          ${verdict(heldOut!.cityRight, QUALITY_TARGETS.city)}`,
    `  description where the site states one     ${verdict(heldOut!.descriptionStated, QUALITY_TARGETS.businessDescription)}`,
    `  right names in the top confidence band    ${verdict(all.topBandRight, QUALITY_TARGETS.topBand)} (both parts)`,
  );
  return lines;
}

async function main(): Promise<number> {
  const pages = qualityCorpus();
  const business = businessCorpus();
  const cleanups: Cleanups = [];
  try {
    const sites = serveBusinessSites(corpusSites(pages), business);
    await sites.start();
    cleanups.push(() => sites.stop());
    const { baseUrl, key, logFile } = await startBenchService('quality', { hostMap: sites.hostMap(), cleanups });
    const enrich = enrichThrough(new EnrichClient(baseUrl, key));

    let started = performance.now();
    const readability = await runCorpus(pages, sites, enrich as EnrichDomains);
    console.log(`readability enriched in ${((performance.now() - started) / 1000).toFixed(1)} s; LinkedIn and AI off\n`);
    console.log(readabilityReport(readability).join('\n'));

    started = performance.now();
    const records = await enrich(business.map((site) => site.label.domain));
    const businessScores = business.map((site) =>
      scoreBusinessSite(site, (records.get(site.label.domain) as BusinessRecord | null) ?? null),
    );
    console.log(`\nwebstruct enriched in ${((performance.now() - started) / 1000).toFixed(1)} s; LinkedIn and AI off\n`);
    console.log(businessReport(businessScores).join('\n'));
    console.log(`\nthe apps' output: ${logFile}`);
    return 0;
  } finally {
    await runCleanups(cleanups);
  }
}

runMain(main);
