import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type CorpusPart, committedSplit } from './corpus-split';
import type { FixtureSites } from './fixture-sites';
import { foldName, type Share, share } from './quality-corpus';

// The business corpus: 54 small and medium business websites from scrapinghub/webstruct
// (corpora/webstruct), each served with its saved pages at their own paths, with the site's
// name, phones and cities as hand annotators marked them; and the scoring of the records the
// service made of them (npm run bench:quality, tests/integration/quality-corpus.test.ts).

const CORPUS_DIR = path.resolve(__dirname, '../corpora/webstruct');

export interface BusinessLabel {
  domain: string;
  /** Path on the site → saved file (relative to the corpus folder); `/` is the homepage. */
  pages: Record<string, string>;
  /** Any of them is the site's name. */
  names: string[];
  /** The last ten digits of each phone number the site shows as its own. */
  phones: string[];
  emails: string[];
  cities: string[];
  states: string[];
}

export interface BusinessSite {
  label: BusinessLabel;
  part: CorpusPart;
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

function isBusinessLabel(value: unknown): value is BusinessLabel {
  const v = value as BusinessLabel;
  return (
    typeof v?.domain === 'string' &&
    typeof v.pages === 'object' &&
    typeof v.pages['/'] === 'string' &&
    [v.names, v.phones, v.emails, v.cities, v.states].every(isStrings)
  );
}

/** Every site of the corpus with its label and its part of the committed split. */
export function businessCorpus(): BusinessSite[] {
  const labels: unknown = JSON.parse(readFileSync(path.join(CORPUS_DIR, 'labels.json'), 'utf8'));
  if (!Array.isArray(labels) || !labels.every(isBusinessLabel)) throw new Error('corpora/webstruct/labels.json: not a list of labels');
  const split = committedSplit(CORPUS_DIR);
  return labels.map((label) => {
    const part = split.tuning.includes(label.domain) ? 'tuning' : split['held-out'].includes(label.domain) ? 'held-out' : null;
    if (!part) throw new Error(`corpora/webstruct/split.json: ${label.domain} is in no part`);
    return { label, part };
  });
}

/**
 * The site's saved pages, each at its own path (every other path answers 404), as the bytes the
 * site sent: a third of them are windows-1252, as their <meta> charset says.
 */
export function businessSitePages(label: BusinessLabel): Record<string, Buffer> {
  return Object.fromEntries(Object.entries(label.pages).map(([at, file]) => [at, readFileSync(path.join(CORPUS_DIR, file))]));
}

/**
 * Fixture sites serving every site of the corpus at its own paths, as a server that names no
 * charset does: the page's own <meta> charset tells how to read it.
 */
export function serveBusinessSites(sites: FixtureSites, corpus: BusinessSite[]): FixtureSites {
  for (const { label } of corpus) {
    const pages = Object.entries(businessSitePages(label)).map(([at, body]) => [at, { type: 'text/html', body }]);
    sites.site(label.domain, Object.fromEntries(pages));
  }
  return sites;
}

/** The record fields the business scoring reads (a CompanyRecord has them). */
export interface BusinessRecord {
  name: string | null;
  description: string | null;
  location: string | null;
  email: string | null;
  phone: string | null;
  fieldSources: Record<string, { method: string; inferred?: boolean; confidence?: number | null } | undefined>;
}

export interface BusinessSiteScore {
  domain: string;
  part: CorpusPart;
  expectedNames: string[];
  name: string | null;
  nameMethod: string | null;
  nameConfidence: number | null;
  nameRight: boolean;
  /** The site shows a phone of its own (the label's). */
  showsPhone: boolean;
  phone: string | null;
  phoneMethod: string | null;
  /** The record's phone is one the site shows as its own. */
  phoneRight: boolean;
  /** The record has a phone the site does not show as its own (a fax, a partner's, a vendor's). */
  phoneNotOwn: boolean;
  email: string | null;
  /** The record's email is on the site's own domain. */
  emailOwn: boolean;
  showsCity: boolean;
  location: string | null;
  locationMethod: string | null;
  cityRight: boolean;
  expectedCities: string[];
  /** The site's pages state a description (metadata, JSON-LD); a site without one may still be described. */
  statesDescription: boolean;
  description: string | null;
  descriptionMethod: string | null;
}

// A legal form at the end ("Larsen & Toubro Limited", "Acme, Inc.") is one way of writing the
// name, not another name: names compare without it, and after foldName.
const LEGAL_FORM = /[\s,]+(?:inc|incorporated|llc|llp|ltd|limited|corp|corporation|co|plc|gmbh|pty\.?\s*ltd)\.?$/i;
export const nameKey = (name: string): string =>
  foldName(name)
    .replace(LEGAL_FORM, '')
    .replace(/[.,\s]+$/, '');

// Numbers compare on their last nine digits: "+353 57 935 2105" and "057 935 2105" are one number.
const phoneKey = (phone: string): string => phone.replace(/\D/g, '').slice(-9);

/** Letters and digits, lower case, every other run one space: "Washington, DC" → "washington dc". */
const placeWords = (text: string): string =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/** Whether the location names one of the cities as a place of its own (whole words; punctuation aside). */
export function locationHasCity(location: string | null, cities: string[]): boolean {
  if (!location) return false;
  return cities.some((city) => placeWords(location).includes(placeWords(city)));
}

const DESCRIPTION_META = /<meta[^>]+(?:name|property)\s*=\s*["'](?:description|og:description|twitter:description)["'][^>]*>/gi;
const CONTENT = /content\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/** Whether any saved page of the site states a description of 20 characters or more in its metadata or JSON-LD. */
export function statesDescription(label: BusinessLabel): boolean {
  return Object.values(businessSitePages(label)).some((bytes) => {
    const html = bytes.toString('latin1');
    for (const tag of html.match(DESCRIPTION_META) ?? []) {
      const match = CONTENT.exec(tag);
      if ((match?.[1] ?? match?.[2] ?? '').trim().length >= 20) return true;
    }
    return /"description"\s*:\s*"[^"]{20,}"/.test(html);
  });
}

/** What the service made of one site, against its label; `record` null when the job failed. */
export function scoreBusinessSite(site: BusinessSite, record: BusinessRecord | null): BusinessSiteScore {
  const { label } = site;
  const name = record?.name ?? null;
  const phone = record?.phone ?? null;
  const own = new Set(label.phones.map(phoneKey));
  const email = record?.email ?? null;
  const emailDomain = email?.split('@')[1]?.toLowerCase() ?? '';
  return {
    domain: label.domain,
    part: site.part,
    expectedNames: label.names,
    name,
    nameMethod: record?.fieldSources.name?.method ?? null,
    nameConfidence: record?.fieldSources.name?.confidence ?? null,
    nameRight: name !== null && label.names.some((accepted) => nameKey(accepted) === nameKey(name)),
    showsPhone: label.phones.length > 0,
    phone,
    phoneMethod: record?.fieldSources.phone?.method ?? null,
    phoneRight: phone !== null && own.has(phoneKey(phone)),
    phoneNotOwn: phone !== null && !own.has(phoneKey(phone)),
    email,
    emailOwn: email !== null && (emailDomain === label.domain || emailDomain.endsWith(`.${label.domain}`)),
    showsCity: label.cities.length > 0,
    location: record?.location ?? null,
    locationMethod: record?.fieldSources.location?.method ?? null,
    cityRight: locationHasCity(record?.location ?? null, label.cities),
    expectedCities: label.cities,
    statesDescription: statesDescription(label),
    description: record?.description ?? null,
    descriptionMethod: record?.fieldSources.description?.method ?? null,
  };
}

export interface BusinessSummary {
  sites: number;
  nameRight: Share;
  phoneRight: Share;
  /** Phones given that are not the site's own, of the phones given. */
  phoneNotOwn: Share;
  cityRight: Share;
  /** Emails given, and how many of them on the site's own domain. */
  emailOwn: Share;
  descriptionStated: Share;
  /** Right names among those whose own confidence is 70 or more. */
  topBandRight: Share;
}

export function summarizeBusiness(scores: BusinessSiteScore[]): BusinessSummary {
  const count = (list: BusinessSiteScore[], test: (s: BusinessSiteScore) => boolean) => list.filter(test).length;
  const withPhone = scores.filter((s) => s.showsPhone);
  const phoned = scores.filter((s) => s.phone !== null);
  const withCity = scores.filter((s) => s.showsCity);
  const emailed = scores.filter((s) => s.email !== null);
  const stated = scores.filter((s) => s.statesDescription);
  const top = scores.filter((s) => s.name !== null && (s.nameConfidence ?? 0) >= 70);
  return {
    sites: scores.length,
    nameRight: share(
      count(scores, (s) => s.nameRight),
      scores.length,
    ),
    phoneRight: share(
      count(withPhone, (s) => s.phoneRight),
      withPhone.length,
    ),
    phoneNotOwn: share(
      count(phoned, (s) => s.phoneNotOwn),
      phoned.length,
    ),
    cityRight: share(
      count(withCity, (s) => s.cityRight),
      withCity.length,
    ),
    emailOwn: share(
      count(emailed, (s) => s.emailOwn),
      emailed.length,
    ),
    descriptionStated: share(
      count(stated, (s) => s.description !== null),
      stated.length,
    ),
    topBandRight: share(
      count(top, (s) => s.nameRight),
      top.length,
    ),
  };
}

const percent = (s: Share) => `${(s.rate * 100).toFixed(1).padStart(5)} % (${s.count} of ${s.of})`;
const quoted = (value: string | null) => (value === null ? '—' : JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}…` : value));

/** The business corpus's figures for one part, as bench:quality prints them. */
export function formatBusinessSummary(summary: BusinessSummary): string[] {
  return [
    `  name right                                  ${percent(summary.nameRight)}`,
    `  phone right, of sites that show one          ${percent(summary.phoneRight)}`,
    `  phones given that are not the site's own     ${percent(summary.phoneNotOwn)}`,
    `  city in the location, of sites showing one   ${percent(summary.cityRight)}`,
    `  emails given on the site's own domain        ${percent(summary.emailOwn)}`,
    `  description, of sites stating one            ${percent(summary.descriptionStated)}`,
    `  right names of confidence 70 or more         ${percent(summary.topBandRight)}`,
  ];
}

/** Every miss of the tuning part (the held-out part's are not printed: only its scores are read). */
export function formatBusinessMisses(scores: BusinessSiteScore[]): string[] {
  const lines: string[] = [];
  for (const s of scores.filter((score) => score.part === 'tuning')) {
    if (!s.nameRight)
      lines.push(
        `  ${s.domain}: name ${quoted(s.name)} by ${s.nameMethod ?? '—'} (${s.nameConfidence ?? '—'}); expected ${s.expectedNames.map(quoted).join(' or ')}`,
      );
    if (s.showsPhone && !s.phoneRight) lines.push(`  ${s.domain}: phone ${quoted(s.phone)} by ${s.phoneMethod ?? '—'}`);
    else if (s.phoneNotOwn) lines.push(`  ${s.domain}: phone ${quoted(s.phone)} by ${s.phoneMethod ?? '—'} is not the site's own`);
    if (s.showsCity && !s.cityRight)
      lines.push(`  ${s.domain}: location ${quoted(s.location)} by ${s.locationMethod ?? '—'}; cities ${s.expectedCities.join(', ')}`);
    if (s.statesDescription && s.description === null) lines.push(`  ${s.domain}: no description`);
  }
  return lines;
}
