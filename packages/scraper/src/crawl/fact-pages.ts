import { isCompanySite } from '@enrich/domain';
import type { HtmlDocument } from '../extract/parse-html';
import { type FactKind, KIND_RANK, kindForPath, kindForText } from './page-kinds';
import { normalizeUrl } from './site-url';

export interface FactPageCandidate {
  url: string;
  kind: FactKind;
  /** Higher is better; only meaningful for ordering. */
  score: number;
  source: 'link' | 'sitemap';
}

// Links to files or share/intent endpoints never lead to a fact page.
const FILE_RE = /\.(pdf|jpe?g|png|gif|svg|webp|zip|docx?|xlsx?|pptx?|mp4|mp3|xml|json|txt)$/i;
const SHARE_RE = /(^|\/)(share|sharer|intent|shareArticle|login|signin|sign-in|signup|cart|search)(\/|\.|$)/i;

/** Ranks a candidate: kind first, then agreement of path and text, then a short path. */
export function scoreCandidate(kind: FactKind, byPath: boolean, byText: boolean, pathname: string): number {
  const depth = pathname.split('/').filter((s) => s !== '').length;
  return (10 - KIND_RANK[kind]) * 100 + (byPath ? 20 : 0) + (byText ? 10 : 0) - Math.min(depth, 9);
}

/**
 * Picks the pages of the company's own site that carry company facts, from the homepage's links.
 * One page per kind (two "team" pages repeat the same facts), best kind first, at most `max`.
 */
export function pickFactPages($: HtmlDocument, pageUrl: string, domain: string, max: number): FactPageCandidate[] {
  const base = normalizeUrl($.elements('base').find((el) => el.attribs.href !== undefined)?.attribs.href ?? '', pageUrl) ?? pageUrl;
  const home = normalizeUrl(pageUrl);
  const found: FactPageCandidate[] = [];
  for (const el of $.elements('a')) {
    const href = el.attribs.href;
    if (href === undefined) continue;
    const url = normalizeUrl(href, base);
    if (url === null || url === home || !isCompanySite(url, domain)) continue;
    const { pathname, search } = new URL(url);
    if (FILE_RE.test(pathname) || SHARE_RE.test(pathname) || /[?&](url|u)=/i.test(search)) continue;
    const text = $(el).text() || el.attribs.title || el.attribs['aria-label'] || '';
    const byPath = kindForPath(pathname);
    const byText = kindForText(text);
    const kind = byPath ?? byText;
    if (kind === null) continue;
    found.push({ url, kind, score: scoreCandidate(kind, byPath === kind, byText === kind, pathname), source: 'link' });
  }
  return bestPerKind(found, max);
}

/** Keeps the best-scored candidate per URL and per kind, ordered best first, at most `max`. */
export function bestPerKind(candidates: readonly FactPageCandidate[], max: number): FactPageCandidate[] {
  const sorted = [...candidates].sort((a, b) => b.score - a.score || a.url.length - b.url.length);
  const urls = new Set<string>();
  const kinds = new Set<FactKind>();
  const picked: FactPageCandidate[] = [];
  for (const candidate of sorted) {
    if (picked.length >= max) break;
    if (urls.has(candidate.url) || kinds.has(candidate.kind)) continue;
    urls.add(candidate.url);
    kinds.add(candidate.kind);
    picked.push(candidate);
  }
  return picked;
}
