import { linkedInCompanyUrl } from '@enrich/domain';
import { yearFromDate } from '../extract/founded';
import { parseJsonLd } from '../extract/json-ld';
import { joinLocation } from '../extract/location';
import { parseHtml } from '../extract/parse-html';
import { absoluteUrl } from '../extract/util';
import { readMarkupCompany } from './about-section';
import { employeeRange } from './counts';
import { readJsonLdCompany } from './json-ld-company';
import type { LinkedInAddress, LinkedInCompany, LinkedInField, LinkedInPageResult, LinkedInSource } from './linkedin-company';
import { classifyLinkedInPage } from './page-kind';
import { websiteDomain } from './website-match';

type Candidate<T> = [T | null | undefined, LinkedInSource];

/** "City, Region" as LinkedIn displays a headquarters; it does not drop a region equal to the city. */
function displayedHeadquarters(address: LinkedInAddress | null): string | null {
  if (!address) return null;
  const parts = [address.locality, address.region].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * Reads a logged-out LinkedIn company page. JSON-LD wins where it states a fact (it is structured and
 * locale-free); the visible "About us" list and top card fill the rest, so pages served without
 * the JSON-LD block still yield every fact. Pure: no network, `pageUrl` only resolves relative URLs,
 * spots authwall redirects and names the page when it carries no canonical link.
 */
export function parseLinkedInCompanyPage(html: string, pageUrl: string): LinkedInPageResult {
  const $ = parseHtml(html);
  const doc = parseJsonLd($);
  const kind = classifyLinkedInPage($, doc, pageUrl);
  if (kind !== 'company') return { ok: false, reason: kind };

  const ld = readJsonLdCompany(doc);
  const markup = readMarkupCompany($);
  const sources: LinkedInCompany['sources'] = {};
  const pick = <T>(field: LinkedInField, ...candidates: Array<Candidate<T>>): T | null => {
    for (const [value, source] of candidates) {
      if (value === null || value === undefined) continue;
      sources[field] = source;
      return value;
    }
    return null;
  };

  const name = pick('name', [ld?.name, 'json-ld'], [markup.name, 'top-card']);
  if (!name) return { ok: false, reason: 'not_company_page' };

  const address = pick('address', [ld?.address, 'json-ld']);
  const headquarters = pick(
    'headquarters',
    [displayedHeadquarters(address), 'json-ld'],
    [markup.headquarters, 'about-us'],
    [markup.sublineLocation, 'top-card'],
  );
  const website = pick('website', [ld?.website, 'json-ld'], [markup.website, 'about-us']);
  if (website) sources.websiteDomain = sources.website;
  const logo = pick('logoUrl', [ld?.logoUrl, 'json-ld'], [markup.logoUrl, 'top-card']);

  const company: LinkedInCompany = {
    linkedinUrl: pick(
      'linkedinUrl',
      [markup.canonicalUrl ? linkedInCompanyUrl(markup.canonicalUrl) : null, 'meta'],
      [ld?.pageUrl ? linkedInCompanyUrl(ld.pageUrl) : null, 'json-ld'],
      [linkedInCompanyUrl(pageUrl), 'page-url'],
    ),
    name,
    tagline: pick('tagline', [ld?.slogan, 'json-ld'], [markup.tagline, 'top-card']),
    description: pick('description', [ld?.description, 'json-ld'], [markup.description, 'about-us']),
    industry: pick('industry', [ld?.industry, 'json-ld'], [markup.industry, 'about-us'], [markup.headline, 'top-card']),
    employeeCount: pick('employeeCount', [ld?.employeeRange, 'json-ld'], [employeeRange(markup.size), 'about-us']),
    employeeCountOnLinkedIn: pick(
      'employeeCountOnLinkedIn',
      [ld?.employeesOnLinkedIn, 'json-ld'],
      [markup.employeesOnLinkedIn, 'top-card'],
    ),
    headquarters,
    location: pick(
      'location',
      [address ? joinLocation([address.locality, address.region, address.country]) : null, 'json-ld'],
      [headquarters ? joinLocation(headquarters.split(',')) : null, sources.headquarters ?? 'about-us'],
    ),
    address,
    companyType: pick('companyType', [markup.companyType, 'about-us']),
    foundedYear: pick('foundedYear', [ld?.foundedYear, 'json-ld'], [yearFromDate(markup.founded), 'about-us']),
    website,
    websiteDomain: websiteDomain(website),
    specialties: markup.specialties,
    logoUrl: absoluteUrl(logo, pageUrl),
    followers: pick('followers', [markup.followers, 'top-card'], [markup.metaFollowers, 'meta']),
    sources,
  };
  if (company.specialties.length > 0) sources.specialties = 'about-us';
  return { ok: true, company };
}
