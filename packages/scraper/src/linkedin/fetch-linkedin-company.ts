import { linkedInCompanyUrl } from '@enrich/domain';
import type { FetchPageOptions } from '@enrich/guarded-fetch';
import { decodeHtml, FetchError, type FetchedResource, fetchResource, isHtmlContentType } from '@enrich/guarded-fetch';
import { guessLinkedInCompanyUrls } from './company-url';
import { backoffMs, parseRetryAfter } from './linkedin-backoff';
import type { LinkedInCompany, LinkedInMatch, LinkedInSourceData, LinkedInUnavailableReason } from './linkedin-company';
import { parseLinkedInCompanyPage } from './parse-company-page';
import { websiteDomain, websiteMatchesDomain } from './website-match';

/**
 * The fleet-wide throttle in front of LinkedIn (one per deployment, shared by every worker):
 * LinkedIn blocks an address that asks too often, whichever process asked.
 */
export interface LinkedInGate {
  /** Waits for a request slot. False when the fleet is cooling down or no slot comes within the gate's wait bound. */
  acquire(): Promise<boolean>;
  /** Refuses every acquire in the fleet for `ms` (a longer cooldown already in force is kept). */
  penalize(ms: number): Promise<void>;
  /** Refusals the fleet remembers before the cooldown in force (if any): the exponent of the default backoff. */
  recentPenalties(): Promise<number>;
}

export interface LinkedInInput {
  /** The company's domain, as the job names it. */
  domain: string;
  /** The company's name from its website, for guessing the page's URL. */
  name: string | null;
  /** A LinkedIn link found on the company's website, as written there. */
  linkedinUrl: string | null;
}

export interface LinkedInDeps {
  /** Per-request settings (SCRAPER_*): host map, deadline, size cap, user agent. */
  fetch: Omit<FetchPageOptions, 'signal'>;
  gate: LinkedInGate;
  /** First cooldown after a refusal without Retry-After (LINKEDIN_BACKOFF_BASE_MS). Default 60 s. */
  backoffBaseMs?: number;
}

export interface LinkedInCandidates {
  match: LinkedInMatch;
  urls: string[];
}

type Miss = 'no_page' | 'website_mismatch' | 'not_company_page';

/** What one request taught: a company, a page to pass over, a refusal, or a failure that ends the search. */
type Attempt =
  | { kind: 'company'; company: LinkedInCompany }
  | { kind: 'miss'; reason: Miss; message: string }
  | { kind: 'refused'; reason: 'rate_limited' | 'authwall'; message: string; retryAfterMs: number | undefined }
  | { kind: 'failed'; reason: LinkedInUnavailableReason; message: string };

const DEFAULT_BACKOFF_BASE_MS = 60_000;
// LinkedIn's answers to a visitor it will not serve: 429, and its own 999 "request denied".
const REFUSAL_STATUSES = new Set([429, 999]);
const GONE_STATUSES = new Set([404, 410]);
// What a logged-out browser sends. English, because the parser's label fallbacks are English.
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};
// Where LinkedIn sends a vanity name it does not know.
const UNAVAILABLE_PATH = /^\/company\/unavailable\/?$/i;
// When every guess misses, the reason that says most about the company.
const MISS_RANK: Record<Miss, number> = { no_page: 0, not_company_page: 1, website_mismatch: 2 };

/**
 * The pages to try: the page the website links to, when it is a company page; otherwise up to
 * three guesses from the name and domain, which must prove themselves by their website field.
 */
export function linkedInCandidates(input: LinkedInInput): LinkedInCandidates {
  const linked = input.linkedinUrl ? linkedInCompanyUrl(input.linkedinUrl) : null;
  if (linked) return { match: 'linked', urls: [linked] };
  return { match: 'guessed', urls: guessLinkedInCompanyUrls(input.name ?? '', input.domain) };
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/**
 * A guessed page counts only when its website is the company's domain. A linked page is the
 * company's own claim, so only a website naming another domain rejects it (a page without one is kept).
 */
function checkWebsite(company: LinkedInCompany, domain: string, match: LinkedInMatch): Attempt {
  if (websiteMatchesDomain(company.website, domain)) return { kind: 'company', company };
  if (match === 'linked' && company.websiteDomain === null) return { kind: 'company', company };
  const named = company.website ? `website ${company.website}` : 'no website';
  return { kind: 'miss', reason: 'website_mismatch', message: `the ${match} page "${company.name}" names ${named}, not ${domain}` };
}

async function attempt(url: string, domain: string, match: LinkedInMatch, options: LinkedInDeps['fetch']): Promise<Attempt> {
  let res: FetchedResource;
  try {
    res = await fetchResource(url, { ...options, method: 'GET', headers: BROWSER_HEADERS });
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    return { kind: 'failed', reason: error.kind, message: `${url}: ${error.message}` };
  }
  const { status, finalUrl } = res;
  if (REFUSAL_STATUSES.has(status)) {
    const header = res.headers['retry-after'];
    return { kind: 'refused', reason: 'rate_limited', message: `LinkedIn answered ${status}`, retryAfterMs: parseRetryAfter(header) };
  }
  if (GONE_STATUSES.has(status)) return { kind: 'miss', reason: 'no_page', message: `${url}: HTTP ${status}` };
  if (status < 200 || status > 299) return { kind: 'failed', reason: 'http', message: `${url}: HTTP ${status}` };
  const contentType = res.headers['content-type'] ?? null;
  if (!isHtmlContentType(contentType)) {
    return { kind: 'failed', reason: 'unsupported_content', message: `${url}: not HTML (${contentType ?? 'no Content-Type'})` };
  }

  const parsed = parseLinkedInCompanyPage(decodeHtml(res.body, contentType), finalUrl);
  if (parsed.ok) return checkWebsite(parsed.company, domain, match);
  if (parsed.reason === 'authwall') {
    return { kind: 'refused', reason: 'authwall', message: `LinkedIn showed its sign-in wall (${finalUrl})`, retryAfterMs: undefined };
  }
  if (UNAVAILABLE_PATH.test(pathOf(finalUrl))) return { kind: 'miss', reason: 'no_page', message: `${url}: no such company page` };
  return { kind: 'miss', reason: 'not_company_page', message: `${url}: not a company page (${finalUrl})` };
}

/** Starts the fleet's cooldown: LinkedIn's Retry-After if it gave one, else the exponential backoff. */
async function coolDown(gate: LinkedInGate, retryAfterMs: number | undefined, baseMs: number): Promise<string> {
  try {
    const ms = retryAfterMs ?? backoffMs(baseMs, await gate.recentPenalties());
    await gate.penalize(ms);
    return `; LinkedIn requests paused for ${ms} ms`;
  } catch (error) {
    return `; the pause could not be recorded: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function acquire(gate: LinkedInGate): Promise<{ ok: boolean; message: string }> {
  try {
    return (await gate.acquire())
      ? { ok: true, message: '' }
      : { ok: false, message: 'LinkedIn requests are paused or over the fleet-wide rate' };
  } catch (error) {
    // Without the gate the fleet-wide limit cannot be kept: do not ask LinkedIn at all.
    return { ok: false, message: `the LinkedIn gate failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * The LinkedIn source: the company's logged-out LinkedIn page, found through the website's link
 * or by guessing, and read by parseLinkedInCompanyPage. Every request passes the fleet-wide gate;
 * a refusal (429, 999, the sign-in wall) pauses the whole fleet and ends the search. Never throws
 * for LinkedIn's or the network's failures: the answer then says why there is no company.
 */
export async function fetchLinkedInCompany(input: LinkedInInput, deps: LinkedInDeps): Promise<LinkedInSourceData> {
  const domain = websiteDomain(input.domain);
  if (!domain) throw new TypeError(`fetchLinkedInCompany: "${input.domain}" is not a registrable domain`);
  const { match, urls } = linkedInCandidates(input);
  const tried: string[] = [];
  const unavailable = (reason: LinkedInUnavailableReason, message: string): LinkedInSourceData => ({
    status: 'unavailable',
    reason,
    message,
    fetchedAt: new Date().toISOString(),
    tried: [...tried],
  });

  let miss: { reason: Miss; message: string } = { reason: 'no_page', message: 'no LinkedIn page linked, and none to guess' };
  for (const url of urls) {
    const slot = await acquire(deps.gate);
    if (!slot.ok) return unavailable('rate_limited', slot.message);
    tried.push(url);
    const outcome = await attempt(url, domain, match, deps.fetch);
    switch (outcome.kind) {
      case 'company':
        return {
          status: 'ok',
          url: outcome.company.linkedinUrl ?? url,
          match,
          fetchedAt: new Date().toISOString(),
          company: outcome.company,
        };
      case 'refused': {
        const paused = await coolDown(deps.gate, outcome.retryAfterMs, deps.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS);
        return unavailable(outcome.reason, outcome.message + paused);
      }
      case 'failed':
        // Not about this vanity name (timeouts, resets, 5xx): the next guess would fare no better.
        return unavailable(outcome.reason, outcome.message);
      case 'miss':
        if (tried.length === 1 || MISS_RANK[outcome.reason] > MISS_RANK[miss.reason]) miss = outcome;
    }
  }
  return unavailable(miss.reason, miss.message);
}
