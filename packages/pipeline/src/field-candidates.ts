// The answer's schema alone: '@enrich/ai' itself would load the model's SDK into worker-scrape.
import { AI_INFERRED_FIELDS } from '@enrich/ai/answer-schema';
import {
  type BusinessStage,
  type CompanyRecord,
  type LinkedInMethod,
  type ProvenanceMethod,
  type ScalarField,
  SOCIAL_NETWORKS,
  type SourceName,
} from '@enrich/record';
import type { Fact, LinkedInCompany } from '@enrich/scraper';
import type { SourceDataBySource } from './source-results';

type Stored<S extends keyof SourceDataBySource> = NonNullable<SourceDataBySource[S]>;

/** One source's value for one field, before the merge picks among them. */
export interface Candidate<T = string> {
  source: SourceName;
  value: T;
  url: string;
  method: ProvenanceMethod;
  observedAt: string;
  inferred: boolean;
}
export type CandidateField = ScalarField | 'foundedYear';

export interface Candidates {
  scalars: { [F in ScalarField]?: Candidate<NonNullable<CompanyRecord[F]>>[] };
  foundedYear: Candidate<number>[];
  socialProfiles: Record<string, Candidate[]>;
}

function push<F extends ScalarField>(out: Candidates, field: F, candidate: Candidate<NonNullable<CompanyRecord[F]>>): void {
  const list: Candidate<NonNullable<CompanyRecord[F]>>[] = out.scalars[field] ?? [];
  list.push(candidate);
  out.scalars[field] = list as Candidates['scalars'][F];
}

// The website's facts for the record's single-valued fields (businessStage and fundingStatus
// are never stated as such on a company's own pages).
const WEBSITE_FIELDS = [
  'name',
  'description',
  'location',
  'industry',
  'employeeCount',
  'logoUrl',
  'email',
  'phone',
] as const satisfies readonly ScalarField[];

export function websiteCandidates(out: Candidates, website: Stored<'website'>): void {
  if (website.status !== 'ok') return;
  const { facts, fetchedAt } = website;
  // A name made from the domain is not what the site states: inferred, as the AI source's values are.
  const observed = <T>(fact: Fact<T>) => ({
    source: 'website' as const,
    ...fact,
    observedAt: fetchedAt,
    inferred: fact.method === 'domain-label',
  });
  for (const field of WEBSITE_FIELDS) {
    const fact = facts[field];
    if (fact) push(out, field, observed(fact));
  }
  if (facts.foundedYear) out.foundedYear.push(observed(facts.foundedYear));
  for (const network of SOCIAL_NETWORKS) {
    const fact = facts.socialProfiles[network];
    if (fact) out.socialProfiles[network] = [...(out.socialProfiles[network] ?? []), observed(fact)];
  }
}

// LinkedIn's "Public Company" type is an observed stage; other types say nothing about stage.
function stageFromCompanyType(type: string | null): BusinessStage | null {
  return type && /public company/i.test(type) ? 'public' : null;
}

export function linkedInCandidates(out: Candidates, linkedin: Stored<'linkedin'>): void {
  if (linkedin.status !== 'ok') return;
  const company: LinkedInCompany = linkedin.company;
  const base = { source: 'linkedin' as const, url: linkedin.url, observedAt: linkedin.fetchedAt, inferred: false };
  const method = (field: keyof LinkedInCompany['sources']): LinkedInMethod => `linkedin:${company.sources[field] ?? 'page'}`;
  const text: [Exclude<ScalarField, 'businessStage'>, string | null, keyof LinkedInCompany['sources']][] = [
    ['name', company.name, 'name'],
    ['description', company.description, 'description'],
    ['industry', company.industry, 'industry'],
    ['employeeCount', company.employeeCount, 'employeeCount'],
    ['location', company.location, 'location'],
    ['logoUrl', company.logoUrl, 'logoUrl'],
  ];
  for (const [field, value, key] of text) if (value) push(out, field, { ...base, value, method: method(key) });
  const stage = stageFromCompanyType(company.companyType);
  if (stage) push(out, 'businessStage', { ...base, value: stage, method: method('companyType') });
  if (company.foundedYear) out.foundedYear.push({ ...base, value: company.foundedYear, method: method('foundedYear') });
  const pageUrl = company.linkedinUrl ?? linkedin.url;
  out.socialProfiles.linkedin = [...(out.socialProfiles.linkedin ?? []), { ...base, value: pageUrl, method: 'linkedin:page-url' }];
}

export function aiCandidates(out: Candidates, ai: Stored<'ai'>): void {
  if (ai.status !== 'ok') return;
  const base = { source: 'ai' as const, url: `llm:${ai.model}`, method: 'llm' as const, observedAt: ai.fetchedAt, inferred: true };
  for (const field of AI_INFERRED_FIELDS) {
    const value = ai.answer[field];
    if (value) push(out, field, { ...base, value });
  }
}
