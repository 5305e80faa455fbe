import { domainLabel, hostOf, withoutWww } from '@enrich/domain';
import type { CompanyFacts } from './company-facts';
import { extractEmail, extractPhone } from './contact';
import { extractDescription } from './description';
import { extractFoundedYear } from './founded';
import { type JsonLdDocument, parseJsonLd } from './json-ld';
import { extractLocation } from './location';
import { extractLogo } from './logo';
import { extractName } from './name';
import { type OrganizationContext, pickOrganization } from './organization';
import { extractEmployeeCount, extractIndustry } from './organization-details';
import type { HtmlDocument } from './parse-html';
import { parseHtml } from './parse-html';
import { extractSocialProfiles } from './social-profiles';
import { extractTechnologies } from './technology';
import { extractText } from './text';

export function emptyCompanyFacts(): CompanyFacts {
  return {
    name: null,
    description: null,
    location: null,
    socialProfiles: {},
    email: null,
    phone: null,
    foundedYear: null,
    logoUrl: null,
    employeeCount: null,
    industry: null,
    technologies: [],
    textSample: '',
    wordCount: 0,
  };
}

/** Runs one extractor in isolation: a bug or odd input in one field must not cost the others. */
function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

/**
 * What a company's homepage states about the company, each value tagged with where it was found.
 * Pure and total: malformed HTML or JSON-LD yields nulls, never an exception.
 */
export function extractCompanyFacts(page: string | HtmlDocument, pageUrl: string, domain: string): CompanyFacts {
  const facts = emptyCompanyFacts();
  // A parsed page (cheerio's API is a function) is read as it is; anything else is parsed, a non-string as empty.
  const $ = typeof page === 'function' ? page : safe<HtmlDocument | null>(() => parseHtml(typeof page === 'string' ? page : ''), null);
  if (!$) return facts;
  const host = typeof domain === 'string' ? hostOf(domain) : null;
  const normalisedDomain = host ? withoutWww(host) : '';
  const emptyDoc: JsonLdDocument = { nodes: [], byId: new Map() };
  const doc = safe(() => parseJsonLd($), emptyDoc);
  const ctx = safe<OrganizationContext>(() => pickOrganization(doc, normalisedDomain), { org: null, nested: false, website: null, doc });

  const text = safe(() => extractText($), { lines: '', textSample: '', wordCount: 0 });
  facts.textSample = text.textSample;
  facts.wordCount = text.wordCount;
  facts.location = safe(() => extractLocation($, ctx, pageUrl, text.lines), null);
  facts.name = safe(() => extractName($, ctx, normalisedDomain, pageUrl, text, facts.location?.value), null);
  facts.description = safe(() => extractDescription($, ctx, pageUrl, [facts.name?.value, domainLabel(normalisedDomain)]), null);
  facts.socialProfiles = safe(() => extractSocialProfiles($, ctx, normalisedDomain, facts.name?.value ?? null, pageUrl), {});
  facts.email = safe(() => extractEmail($, ctx, normalisedDomain, pageUrl, facts.textSample), null);
  facts.phone = safe(() => extractPhone($, ctx, pageUrl, facts.textSample), null);
  facts.foundedYear = safe(() => extractFoundedYear(ctx, facts.textSample, pageUrl), null);
  facts.logoUrl = safe(() => extractLogo($, ctx, pageUrl), null);
  facts.employeeCount = safe(() => extractEmployeeCount(ctx, pageUrl), null);
  facts.industry = safe(() => extractIndustry(ctx, pageUrl), null);
  facts.technologies = safe(() => extractTechnologies($, pageUrl), []);
  return facts;
}
