import type { WebsiteSourceData } from '@enrich/scraper';
import type { SourceDataBySource } from './source-results';

export type SourceName = 'website' | 'linkedin' | 'ai';

// Where a chosen value came from: the source, the page, how it was read there, and when.
export interface Provenance {
  source: SourceName;
  url: string;
  method: string;
  observedAt: string;
}

export const scalarFields = [
  'name',
  'description',
  'industry',
  'employeeCount',
  'location',
  'businessStage',
  'fundingStatus',
  'logoUrl',
  'email',
  'phone',
] as const;
export type ScalarField = (typeof scalarFields)[number];

// A company record before it is stored: values plus the provenance of each.
export interface CompanyDraft {
  values: Record<ScalarField, string | null>;
  foundedYear: number | null;
  socialProfiles: Record<string, string>;
  provenance: Partial<Record<ScalarField | 'foundedYear' | `socialProfiles.${string}`, Provenance>>;
  sources: SourceName[];
}

export function emptyDraft(): CompanyDraft {
  return {
    values: {
      name: null,
      description: null,
      industry: null,
      employeeCount: null,
      location: null,
      businessStage: null,
      fundingStatus: null,
      logoUrl: null,
      email: null,
      phone: null,
    },
    foundedYear: null,
    socialProfiles: {},
    provenance: {},
    sources: [],
  };
}

function addWebsite(draft: CompanyDraft, website: Extract<WebsiteSourceData, { status: 'ok' }>): void {
  const { facts, fetchedAt } = website;
  const take = (field: ScalarField, fact: { value: string; url: string; method: string } | null) => {
    if (!fact || draft.values[field] !== null) return;
    draft.values[field] = fact.value;
    draft.provenance[field] = { source: 'website', url: fact.url, method: fact.method, observedAt: fetchedAt };
  };
  take('name', facts.name);
  take('description', facts.description);
  take('location', facts.location);
  take('industry', facts.industry);
  take('employeeCount', facts.employeeCount);
  take('logoUrl', facts.logoUrl);
  take('email', facts.email);
  take('phone', facts.phone);
  if (facts.foundedYear && draft.foundedYear === null) {
    draft.foundedYear = facts.foundedYear.value;
    draft.provenance.foundedYear = { source: 'website', url: facts.foundedYear.url, method: facts.foundedYear.method, observedAt: fetchedAt };
  }
  for (const [network, fact] of Object.entries(facts.socialProfiles)) {
    if (!fact || draft.socialProfiles[network]) continue;
    draft.socialProfiles[network] = fact.value;
    draft.provenance[`socialProfiles.${network}`] = { source: 'website', url: fact.url, method: fact.method, observedAt: fetchedAt };
  }
  draft.sources.push('website');
}

/**
 * Builds the record from what the sources returned. With only the website source, every
 * value is the website's; later sources (LinkedIn, AI) merge here by field reliability.
 */
export function mergeSources(results: SourceDataBySource): CompanyDraft {
  const draft = emptyDraft();
  if (results.website?.status === 'ok') addWebsite(draft, results.website);
  return draft;
}
