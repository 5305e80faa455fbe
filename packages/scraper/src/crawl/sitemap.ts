import { isCompanySite } from '@enrich/domain';
import { FetchError } from '@enrich/guarded-fetch';
import { bestPerKind, type FactPageCandidate, scoreCandidate } from './fact-pages';
import { type FetchTextOptions, fetchText } from './fetch-text';
import { kindForPath } from './page-kinds';
import { normalizeUrl } from './site-url';

export interface ParsedSitemap {
  type: 'urlset' | 'index' | 'unknown';
  locs: string[];
}

export interface SitemapLimits {
  /** Cap per sitemap file. */
  maxBytes: number;
  /** Sitemap files fetched in all (index plus children). */
  maxFiles: number;
  /** <loc> entries looked at in all. */
  maxUrls: number;
}

export const SITEMAP_LIMITS: SitemapLimits = { maxBytes: 2 * 1024 * 1024, maxFiles: 4, maxUrls: 500 };

const LOC_RE = /<(?:[\w-]+:)?loc\b[^>]*>\s*(?:<!\[CDATA\[)?\s*([^<\]]*?)\s*(?:\]\]>)?\s*<\/(?:[\w-]+:)?loc>/gi;
const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Reads <loc> values from a sitemap or sitemap index. A regex instead of an XML parser on
 * purpose: real sitemaps are often slightly broken, and what we need survives that.
 */
export function parseSitemap(xml: string, maxUrls = SITEMAP_LIMITS.maxUrls): ParsedSitemap {
  const head = xml.slice(0, 4096);
  const type = /<(?:[\w-]+:)?sitemapindex\b/i.test(head) ? 'index' : /<(?:[\w-]+:)?urlset\b/i.test(head) ? 'urlset' : 'unknown';
  const locs: string[] = [];
  for (const match of xml.matchAll(LOC_RE)) {
    if (locs.length >= maxUrls) break;
    const loc = (match[1] ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (_m, e: string) => XML_ENTITIES[e] ?? '');
    if (loc !== '') locs.push(loc);
  }
  return { type, locs };
}

/** Candidate fact pages named by sitemap URLs (same site only), one per kind. */
export function candidatesFromUrls(locs: readonly string[], domain: string, max: number): FactPageCandidate[] {
  const found: FactPageCandidate[] = [];
  for (const loc of locs) {
    const url = normalizeUrl(loc);
    if (url === null || !isCompanySite(url, domain)) continue;
    const { pathname } = new URL(url);
    const kind = kindForPath(pathname);
    if (kind) found.push({ url, kind, score: scoreCandidate(kind, true, false, pathname), source: 'sitemap' });
  }
  return bestPerKind(found, max);
}

export interface SitemapScan {
  candidates: FactPageCandidate[];
  files: number;
  bytes: number;
  errors: { url: string; reason: string }[];
}

/**
 * Scans the given sitemaps (robots.txt Sitemap: lines, else /sitemap.xml) for fact pages,
 * following at most one level of sitemap index, within `limits`. Gzipped sitemaps are skipped.
 */
export async function scanSitemaps(
  roots: readonly string[],
  domain: string,
  fetch: FetchTextOptions,
  options: {
    limits?: SitemapLimits | undefined;
    max: number;
    deadline: number;
    /** Lets the crawler route requests through its per-host limiter. */
    fetchText?: typeof fetchText;
  },
): Promise<SitemapScan> {
  const limits = options.limits ?? SITEMAP_LIMITS;
  const scan: SitemapScan = { candidates: [], files: 0, bytes: 0, errors: [] };
  const locs: string[] = [];
  const queue = roots.map((url) => ({ url, depth: 0 }));
  const seen = new Set<string>();
  while (queue.length > 0 && scan.files < limits.maxFiles && locs.length < limits.maxUrls) {
    const next = queue.shift()!;
    const url = normalizeUrl(next.url);
    if (url === null || seen.has(url) || /\.gz$/i.test(new URL(url).pathname) || !isCompanySite(url, domain)) continue;
    seen.add(url);
    const timeLeft = options.deadline - Date.now();
    if (timeLeft <= 0) break;
    scan.files++;
    try {
      const page = await (options.fetchText ?? fetchText)(url, {
        ...fetch,
        maxBytes: limits.maxBytes,
        timeoutMs: Math.min(fetch.timeoutMs, timeLeft),
      });
      scan.bytes += page.bytes;
      const parsed = parseSitemap(page.text, limits.maxUrls - locs.length);
      if (parsed.type === 'index') {
        if (next.depth === 0) queue.push(...parsed.locs.map((loc) => ({ url: loc, depth: 1 })));
      } else {
        locs.push(...parsed.locs);
      }
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      scan.errors.push({ url, reason: error.kind });
    }
  }
  scan.candidates = candidatesFromUrls(locs, domain, options.max);
  return scan;
}
