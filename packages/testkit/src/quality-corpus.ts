import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CorpusPart, committedSplit } from './corpus-split';
import { FixtureSites } from './fixture-sites';

// The quality corpus: 130 real saved pages (mozilla/readability's test pages, corpora/readability)
// with hand-judged labels, each served as the homepage of its site, and the scoring of what the
// pipeline made of them (npm run bench:quality, tests/integration/quality-corpus.test.ts).

const CORPUS_DIR = path.resolve(__dirname, '../corpora/readability');

export type LabelStatus = 'named' | 'ambiguous' | 'none';

/** Where a page without a domain of its own is served (as `<page>.corpus-pages.net`). */
export const UNKNOWN_SITE_DOMAIN = 'corpus-pages.net';

/** One page's label (corpora/readability/SOURCE.md says how they were judged). */
export interface QualityLabel {
  page: string;
  /** The site's domain, null when the page does not tell it. */
  domain: string | null;
  /** Accepted names, the preferred first; empty when no name can be determined. */
  names: string[];
  status: LabelStatus;
  /** The page's own description from its metadata, null when it has none. */
  description: string | null;
}

export interface CorpusPage {
  label: QualityLabel;
  /** The domain it is served and enriched under: its own, or a made-up one when it has none. */
  domain: string;
  /** Its part of the committed split (corpus-split.ts). */
  part: CorpusPart;
}

/** The record fields the scoring reads (a CompanyRecord has them). */
export interface ScoredRecord {
  name: string | null;
  description: string | null;
  confidence: number;
  fieldSources: Record<string, { method: string; inferred?: boolean; confidence?: number | null } | undefined>;
}

function isLabel(value: unknown): value is QualityLabel {
  const v = value as QualityLabel;
  return (
    typeof v?.page === 'string' &&
    (v.domain === null || typeof v.domain === 'string') &&
    Array.isArray(v.names) &&
    v.names.every((name) => typeof name === 'string') &&
    ['named', 'ambiguous', 'none'].includes(v.status) &&
    (v.description === null || typeof v.description === 'string')
  );
}

/** Every page of the corpus with its label, in the labels' order. */
export function qualityCorpus(): CorpusPage[] {
  const labels: unknown = JSON.parse(readFileSync(path.join(CORPUS_DIR, 'labels.json'), 'utf8'));
  if (!Array.isArray(labels) || !labels.every(isLabel)) throw new Error('corpora/readability/labels.json: not a list of labels');
  const pages = new Set(readdirSync(path.join(CORPUS_DIR, 'pages')).map((file) => file.replace(/\.html$/, '')));
  const split = committedSplit(CORPUS_DIR);
  return labels.map((label) => {
    if (!pages.has(label.page)) throw new Error(`corpora/readability: no page ${label.page}.html`);
    // A page that does not tell its site is served under a neutral made-up domain of its own.
    const domain = label.domain ?? `${label.page.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}.${UNKNOWN_SITE_DOMAIN}`;
    const part = split.tuning.includes(label.page) ? 'tuning' : split['held-out'].includes(label.page) ? 'held-out' : null;
    if (!part) throw new Error(`corpora/readability/split.json: ${label.page} is in no part`);
    return { label, domain, part };
  });
}

/** The page's HTML as it was saved. */
export const corpusPage = (page: string): string => readFileSync(path.join(CORPUS_DIR, 'pages', `${page}.html`), 'utf8');

/**
 * The pages in rounds, each domain at most once per round: a site serves one homepage at a time,
 * and several pages share a domain (five of nytimes.com).
 */
export function corpusRounds(pages: CorpusPage[]): CorpusPage[][] {
  const rounds: CorpusPage[][] = [];
  for (const page of pages) {
    const round = rounds.find((r) => !r.some((p) => p.domain === page.domain));
    if (round) round.push(page);
    else rounds.push([page]);
  }
  return rounds;
}

/** Enriches a round's domains (refreshing what an earlier round stored); each domain's record, or null when its job failed. */
export type EnrichDomains = (domains: string[]) => Promise<Map<string, ScoredRecord | null>>;

/**
 * Serves each round's pages as their sites' homepages on `sites` (every other path a 404),
 * enriches them with `enrich`, and scores every page against its label.
 */
export async function runCorpus(pages: CorpusPage[], sites: FixtureSites, enrich: EnrichDomains): Promise<PageScore[]> {
  const scores = new Map<CorpusPage, PageScore>();
  for (const round of corpusRounds(pages)) {
    for (const { label, domain } of round) sites.site(domain, { '/': corpusPage(label.page) });
    const records = await enrich(round.map((p) => p.domain));
    for (const page of round) scores.set(page, scorePage(page, records.get(page.domain) ?? null));
  }
  return pages.map((page) => scores.get(page)!);
}

/** Fixture sites for the corpus's domains, each answering 404 until runCorpus gives it its page. */
export function corpusSites(pages: CorpusPage[], options: { latencyMs?: number } = {}): FixtureSites {
  const sites = new FixtureSites(options);
  for (const { domain } of pages) sites.site(domain, {});
  return sites;
}

/** Names compare after Unicode normalisation (NFKC), case folding and collapsed spaces; accents count. */
export const foldName = (name: string): string => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export type NameOutcome = 'right' | 'wrong' | 'missing' | 'none: no name' | 'none: named';

export interface PageScore {
  page: string;
  part: CorpusPart;
  domain: string;
  status: LabelStatus;
  expected: string[];
  name: string | null;
  nameMethod: string | null;
  nameOutcome: NameOutcome;
  /** The page carries a description in its metadata (the label's). */
  hasMetaDescription: boolean;
  /** The page has a domain of its own (the label's). */
  hasDomain: boolean;
  description: string | null;
  descriptionMethod: string | null;
  /** The name's own confidence (`fieldSources.name.confidence`). */
  nameConfidence: number | null;
  /** The record's confidence, which weighs every field. */
  recordConfidence: number | null;
}

/** What the pipeline made of one page, against its label; `record` null when the job failed. */
export function scorePage(page: CorpusPage, record: ScoredRecord | null): PageScore {
  const { label } = page;
  const name = record?.name ?? null;
  const source = record?.fieldSources.name;
  let nameOutcome: NameOutcome;
  if (label.status === 'none') nameOutcome = name === null || source?.inferred ? 'none: no name' : 'none: named';
  else if (name === null) nameOutcome = 'missing';
  else nameOutcome = label.names.some((accepted) => foldName(accepted) === foldName(name)) ? 'right' : 'wrong';
  return {
    page: label.page,
    part: page.part,
    domain: page.domain,
    status: label.status,
    expected: label.names,
    name,
    nameMethod: source?.method ?? null,
    nameOutcome,
    hasMetaDescription: label.description !== null,
    hasDomain: label.domain !== null,
    description: record?.description ?? null,
    descriptionMethod: record?.fieldSources.description?.method ?? null,
    nameConfidence: source?.confidence ?? null,
    recordConfidence: record?.confidence ?? null,
  };
}

/** A share, with what it is of. */
export interface Share {
  count: number;
  of: number;
  /** count / of, 0 when `of` is 0. */
  rate: number;
}

export const share = (count: number, of: number): Share => ({ count, of, rate: of === 0 ? 0 : count / of });

/** The confidence bands accuracy is printed by. */
export const CONFIDENCE_BANDS = [
  { name: '0–39', min: 0, max: 39 },
  { name: '40–69', min: 40, max: 69 },
  { name: '70–100', min: 70, max: 100 },
] as const;

export interface QualitySummary {
  /** Names on the `named` and `ambiguous` pages. */
  nameRight: Share;
  nameWrong: Share;
  nameMissing: Share;
  /** `none` pages that were given a name that is not marked inferred. */
  noneNamed: Share;
  /** A description on the pages whose metadata carries one. */
  descriptionOnMeta: Share;
  /** A description on the pages with a domain of their own. */
  descriptionWithDomain: Share;
  /** Right names among the named pages in each band of the name's confidence. */
  byBand: { band: string; right: Share }[];
  /** Mean confidence of right and of wrong names: the name's own, and the record's. */
  meanConfidence: { name: { right: number | null; wrong: number | null }; record: { right: number | null; wrong: number | null } };
  /** Descriptions by provenance method. */
  descriptionMethods: Record<string, number>;
}

const mean = (values: number[]): number | null => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

export function summarize(scores: PageScore[]): QualitySummary {
  const named = scores.filter((s) => s.status !== 'none');
  const none = scores.filter((s) => s.status === 'none');
  const count = (list: PageScore[], outcome: NameOutcome) => list.filter((s) => s.nameOutcome === outcome).length;
  const meta = scores.filter((s) => s.hasMetaDescription);
  const withDomain = scores.filter((s) => s.hasDomain);
  const meanOf = (outcome: NameOutcome, of: 'nameConfidence' | 'recordConfidence') =>
    mean(named.filter((s) => s.nameOutcome === outcome && s[of] !== null).map((s) => s[of] as number));
  const descriptionMethods: Record<string, number> = {};
  for (const s of scores)
    if (s.descriptionMethod) descriptionMethods[s.descriptionMethod] = (descriptionMethods[s.descriptionMethod] ?? 0) + 1;
  return {
    nameRight: share(count(named, 'right'), named.length),
    nameWrong: share(count(named, 'wrong'), named.length),
    nameMissing: share(count(named, 'missing'), named.length),
    noneNamed: share(count(none, 'none: named'), none.length),
    descriptionOnMeta: share(meta.filter((s) => s.description !== null).length, meta.length),
    descriptionWithDomain: share(withDomain.filter((s) => s.description !== null).length, withDomain.length),
    byBand: CONFIDENCE_BANDS.map((band) => {
      const inBand = named.filter(
        (s) => s.name !== null && s.nameConfidence !== null && s.nameConfidence >= band.min && s.nameConfidence <= band.max,
      );
      return { band: band.name, right: share(count(inBand, 'right'), inBand.length) };
    }),
    meanConfidence: {
      name: { right: meanOf('right', 'nameConfidence'), wrong: meanOf('wrong', 'nameConfidence') },
      record: { right: meanOf('right', 'recordConfidence'), wrong: meanOf('wrong', 'recordConfidence') },
    },
    descriptionMethods,
  };
}

const fixed = (value: number | null) => value?.toFixed(1) ?? '—';
const percent = (s: Share) => `${(s.rate * 100).toFixed(1)} % (${s.count} of ${s.of})`;
const quoted = (value: string | null) => (value === null ? '—' : JSON.stringify(value.length > 70 ? `${value.slice(0, 67)}…` : value));

/** The report bench:quality prints: the figures, then every miss. */
export function formatQualityReport(summary: QualitySummary, scores: PageScore[]): string {
  const lines = [
    'name, on the named and ambiguous pages',
    `  right      ${percent(summary.nameRight)}`,
    `  wrong      ${percent(summary.nameWrong)}`,
    `  missing    ${percent(summary.nameMissing)}`,
    `name given on a page whose site has none (not marked inferred): ${percent(summary.noneNamed)}`,
    'description',
    `  on the pages whose metadata has one   ${percent(summary.descriptionOnMeta)}`,
    `  on the pages with a domain            ${percent(summary.descriptionWithDomain)}`,
    `  by method: ${Object.entries(summary.descriptionMethods)
      .sort((a, b) => b[1] - a[1])
      .map(([method, n]) => `${method} ${n}`)
      .join(', ')}`,
    'confidence of the names given (named and ambiguous pages)',
    `  the name's own, mean: right ${fixed(summary.meanConfidence.name.right)}, wrong ${fixed(summary.meanConfidence.name.wrong)}`,
    `  the record's, mean:   right ${fixed(summary.meanConfidence.record.right)}, wrong ${fixed(summary.meanConfidence.record.wrong)}`,
    "  by the name's own confidence:",
    ...summary.byBand.map(({ band, right }) => `  ${band.padEnd(7)} right ${percent(right)}`),
    '',
    'misses (tuning part; the held-out part is read for its scores only)',
  ];
  const tuning = scores.filter((s) => s.part === 'tuning');
  for (const s of tuning) {
    if (s.nameOutcome === 'wrong' || s.nameOutcome === 'missing' || s.nameOutcome === 'none: named') {
      lines.push(
        `  ${s.page} (${s.domain}, ${s.status}): name ${s.nameOutcome}: ${quoted(s.name)} by ${s.nameMethod ?? '—'}, confidence ${s.nameConfidence ?? '—'}; expected ${s.expected.map((n) => quoted(n)).join(' or ') || 'none'}`,
      );
    }
  }
  for (const s of tuning) {
    if (s.description === null && (s.hasMetaDescription || s.hasDomain)) {
      lines.push(`  ${s.page} (${s.domain}): no description${s.hasMetaDescription ? ' (its metadata has one)' : ''}`);
    }
  }
  return lines.join('\n');
}
