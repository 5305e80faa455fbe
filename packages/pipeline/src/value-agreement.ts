import { linkedInCompanyUrl } from '@enrich/domain';
import type { CandidateField } from './field-candidates';

// Whether two sources' values for a field say the same thing. Free text (descriptions) is
// never compared: two good descriptions of one company rarely share wording.

const LEGAL_SUFFIX = /\b(inc|incorporated|llc|ltd|limited|gmbh|ag|sa|sas|bv|plc|corp|corporation|co|company|oy|ab|srl|spa)\b\.?/g;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const compact = (text: string) => words(text).join('');

function sameName(a: string, b: string): boolean {
  const strip = (s: string) => compact(s.toLowerCase().replace(LEGAL_SUFFIX, ' '));
  const [x, y] = [strip(a), strip(b)];
  return x.length > 0 && y.length > 0 && (x === y || x.startsWith(y) || y.startsWith(x));
}

function range(text: string): [number, number] | null {
  const match = /^(\d+)(?:-(\d+)|\+)?$/.exec(text.replace(/[,\s]/g, ''));
  if (!match) return null;
  const low = Number(match[1]);
  return [low, match[2] ? Number(match[2]) : match[0].endsWith('+') ? Number.POSITIVE_INFINITY : low];
}

function overlappingRanges(a: string, b: string): boolean {
  const [x, y] = [range(a), range(b)];
  if (!x || !y) return compact(a) === compact(b);
  return x[0] <= y[1] && y[0] <= x[1];
}

// Locations agree when they name the same city (their first part): "London, GB" and
// "London, England, United Kingdom".
function sameLocation(a: string, b: string): boolean {
  const city = (s: string) => compact(s.split(',')[0] ?? '');
  return city(a) !== '' && city(a) === city(b);
}

// Industries agree when they share a meaningful word: "Advertising Services" and "Advertising".
const INDUSTRY_FILLER = new Set(['and', 'services', 'service', 'the', 'of', 'industry', 'other', 'products', '&']);
function relatedIndustry(a: string, b: string): boolean {
  const x = new Set(words(a).filter((w) => !INDUSTRY_FILLER.has(w)));
  return words(b).some((w) => !INDUSTRY_FILLER.has(w) && x.has(w));
}

// URLs agree when they differ only in scheme, www., case or a trailing slash.
function sameUrl(a: string, b: string): boolean {
  const bare = (s: string) =>
    s
      .toLowerCase()
      .replace(/^https?:\/\/(www\.)?/, '')
      .replace(/\/+$/, '');
  return bare(a) === bare(b);
}

// Profiles agree when they are the same page: a LinkedIn page in any of its forms (/school/…,
// /showcase/…, country subdomains, /about) is compared in its one canonical form.
function sameProfile(a: string, b: string): boolean {
  return sameUrl(linkedInCompanyUrl(a) ?? a, linkedInCompanyUrl(b) ?? b);
}

/** undefined: the field's values are not comparable (free text). */
export function valuesAgree(field: CandidateField | 'social', a: string | number, b: string | number): boolean | undefined {
  const [x, y] = [String(a), String(b)];
  switch (field) {
    case 'description':
      return undefined;
    case 'name':
      return sameName(x, y);
    case 'employeeCount':
      return overlappingRanges(x, y);
    case 'location':
      return sameLocation(x, y);
    case 'industry':
      return relatedIndustry(x, y);
    case 'social':
      return sameProfile(x, y);
    case 'logoUrl':
      return sameUrl(x, y);
    default:
      return compact(x) === compact(y);
  }
}
