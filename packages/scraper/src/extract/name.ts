import { domainLabel } from '@enrich/domain';
import type { WebsiteMethod } from '@enrich/record';
import type { CheerioAPI } from 'cheerio';
import type { Fact } from './company-facts';
import { metaContent } from './meta';
import { type OrganizationContext, stringProp } from './organization';
import { cleanText, collapseWhitespace, fact, resembles, squash } from './util';

const MAX_NAME = 60;
// Values CMSes put in name slots that are never a company name.
const JUNK_NAMES = new Set([
  'home',
  'homepage',
  'home page',
  'index',
  'welcome',
  'untitled',
  'default',
  'wordpress',
  'website',
  'site',
  'blog',
  'main',
  'start',
]);
const GENERIC_SUFFIX = /(?:\s*[|\-–—·•:»]\s*|\s+)(?:home\s*page|homepage|home|official\s+(?:web\s*)?site|official\s+page)\s*$/i;
const TITLE_SEPARATORS = /\s+[|\-–—·•:»]\s+|\s*[|·•»]\s*|:\s+/;

interface Candidate {
  value: string;
  method: WebsiteMethod;
}

/** Trims, decodes and strips "Home"/"Official site" decorations; null when nothing usable remains. */
export function cleanName(raw: unknown, stripGeneric = true): string | null {
  let text = cleanText(raw);
  if (!text) return null;
  if (stripGeneric) {
    text = text.replace(/^welcome\s+to\s+(?:the\s+)?/i, '');
    for (let i = 0; i < 2 && GENERIC_SUFFIX.test(text); i++) text = text.replace(GENERIC_SUFFIX, '');
  }
  text = collapseWhitespace(text.replace(/^[\s|\-–—·•:»]+|[\s|\-–—·•:»]+$/g, ''));
  if (text.length < 2 || JUNK_NAMES.has(text.toLowerCase())) return null;
  return text;
}

/** Picks the title segment naming the company: the one echoing the domain label, else the shortest. */
export function nameFromTitle(title: string, domain: string): string | null {
  const label = domainLabel(domain);
  const parts = title
    .split(TITLE_SEPARATORS)
    .map((part) => cleanName(part))
    .filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0] ?? null;
  const exact = parts.find((part) => squash(part) === squash(label));
  if (exact) return exact;
  const similar = parts.filter((part) => resembles(part, [label])).sort((a, b) => a.length - b.length);
  if (similar[0]) return similar[0];
  return [...parts].sort((a, b) => a.length - b.length)[0] ?? null;
}

function logoAltCandidates($: CheerioAPI): string[] {
  const selectors = ['header img[alt]', '[class*="logo" i] img[alt]', 'img[class*="logo" i][alt]', 'img[alt*="logo" i]'];
  const out: string[] = [];
  for (const selector of selectors) {
    $(selector)
      .slice(0, 5)
      .each((_, el) => {
        const alt = ($(el).attr('alt') ?? '').replace(/\s*[-|]?\s*\blogo(?:type)?\b\s*$/i, '').replace(/^logo\s+(?:of\s+)?/i, '');
        const name = cleanName(alt);
        if (name) out.push(name);
      });
    if (out.length > 0) break;
  }
  return out;
}

export function extractName($: CheerioAPI, ctx: OrganizationContext, domain: string, url: string): Fact<string> | null {
  const candidates: Candidate[] = [];
  const push = (value: string | null, method: WebsiteMethod): void => {
    if (value) candidates.push({ value, method });
  };
  const orgName = cleanName(stringProp(ctx.org, 'name'), false) ?? cleanName(stringProp(ctx.org, 'legalName'), false);
  // A top-level Organization is an explicit statement; a nested publisher is weaker than og:site_name.
  if (!ctx.nested) push(orgName, 'json-ld');
  push(cleanName(metaContent($, 'og:site_name')), 'og:site_name');
  push(cleanName(metaContent($, 'application-name')), 'application-name');
  if (ctx.nested) push(orgName, 'json-ld-publisher');
  push(cleanName(stringProp(ctx.website, 'name'), false), 'json-ld-website');
  const title = cleanText($('head title').first().text()) ?? cleanText($('title').first().text());
  if (title) push(nameFromTitle(title, domain), 'title');
  for (const alt of logoAltCandidates($)) push(alt, 'logo-alt');

  const pick = candidates.find((c) => c.value.length <= MAX_NAME) ?? candidates.find((c) => c.value.length <= 100);
  return pick ? fact(pick.value, url, pick.method) : null;
}
