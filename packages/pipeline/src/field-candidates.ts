import type { AiSourceData } from '@enrich/ai';
import type { LinkedInCompany, LinkedInSourceData, WebsiteSourceData } from '@enrich/scraper';
import type { ScalarField, SourceName } from './company-draft';

/** One source's value for one field, before the merge picks among them. */
export interface Candidate<T = string> {
  source: SourceName;
  value: T;
  url: string;
  method: string;
  observedAt: string;
  inferred: boolean;
}
export type CandidateField = ScalarField | 'foundedYear';

export interface Candidates {
  scalars: Partial<Record<ScalarField, Candidate[]>>;
  foundedYear: Candidate<number>[];
  socialProfiles: Record<string, Candidate[]>;
}

function push<T>(list: Candidate<T>[] | undefined, candidate: Candidate<T>): Candidate<T>[] {
  return [...(list ?? []), candidate];
}

export function websiteCandidates(out: Candidates, website: WebsiteSourceData): void {
  if (website.status !== 'ok') return;
  const { facts, fetchedAt } = website;
  const fields: [ScalarField, { value: string; url: string; method: string } | null][] = [
    ['name', facts.name],
    ['description', facts.description],
    ['location', facts.location],
    ['industry', facts.industry],
    ['employeeCount', facts.employeeCount],
    ['logoUrl', facts.logoUrl],
    ['email', facts.email],
    ['phone', facts.phone],
  ];
  for (const [field, fact] of fields) {
    if (fact) out.scalars[field] = push(out.scalars[field], { source: 'website', ...fact, observedAt: fetchedAt, inferred: false });
  }
  if (facts.foundedYear) out.foundedYear.push({ source: 'website', ...facts.foundedYear, observedAt: fetchedAt, inferred: false });
  for (const [network, fact] of Object.entries(facts.socialProfiles)) {
    if (fact) out.socialProfiles[network] = push(out.socialProfiles[network], { source: 'website', ...fact, observedAt: fetchedAt, inferred: false });
  }
}

// LinkedIn's "Public Company" type is an observed stage; other types say nothing about stage.
function stageFromCompanyType(type: string | null): string | null {
  return type && /public company/i.test(type) ? 'public' : null;
}

export function linkedInCandidates(out: Candidates, linkedin: LinkedInSourceData): void {
  if (linkedin.status !== 'ok') return;
  const company: LinkedInCompany = linkedin.company;
  const base = { source: 'linkedin' as const, url: linkedin.url, observedAt: linkedin.fetchedAt, inferred: false };
  const method = (field: keyof LinkedInCompany['sources']) => `linkedin:${company.sources[field] ?? 'page'}`;
  const fields: [ScalarField, string | null, keyof LinkedInCompany['sources']][] = [
    ['name', company.name, 'name'],
    ['description', company.description, 'description'],
    ['industry', company.industry, 'industry'],
    ['employeeCount', company.employeeCount, 'employeeCount'],
    ['location', company.location, 'location'],
    ['logoUrl', company.logoUrl, 'logoUrl'],
    ['businessStage', stageFromCompanyType(company.companyType), 'companyType'],
  ];
  for (const [field, value, key] of fields) {
    if (value) out.scalars[field] = push(out.scalars[field], { ...base, value, method: method(key) });
  }
  if (company.foundedYear) out.foundedYear.push({ ...base, value: company.foundedYear, method: method('foundedYear') });
  const pageUrl = company.linkedinUrl ?? linkedin.url;
  out.socialProfiles.linkedin = push(out.socialProfiles.linkedin, { ...base, value: pageUrl, method: 'linkedin:page-url' });
}

export function aiCandidates(out: Candidates, ai: AiSourceData): void {
  if (ai.status !== 'ok') return;
  const base = { source: 'ai' as const, url: `llm:${ai.model}`, method: 'llm', observedAt: ai.fetchedAt, inferred: true };
  const { insights } = ai;
  const fields: [ScalarField, string | null][] = [
    ['industry', insights.industry],
    ['businessStage', insights.businessStage],
    ['fundingStatus', insights.fundingStatus],
    ['employeeCount', insights.employeeRange],
    ['description', insights.description],
  ];
  for (const [field, value] of fields) {
    if (value) out.scalars[field] = push(out.scalars[field], { ...base, value });
  }
}
