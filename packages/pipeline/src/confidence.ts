import type { CompanyDraft, ScalarField } from './company-draft';

// Weight of each contract field in the score; they sum to 100 (docs/confidence.md). Extra
// facts beyond the contract's table (logo, contact details) do not move the score.
export const FIELD_WEIGHTS: Partial<Record<ScalarField, number>> = {
  name: 20,
  description: 15,
  industry: 15,
  employeeCount: 10,
  location: 10,
  businessStage: 5,
  fundingStatus: 5,
};
const SOCIAL_WEIGHTS = { linkedin: 10, twitter: 5, other: 5 };

// How far a value read in a given way is trusted. Structured data the company publishes
// about itself beats values inferred from page titles or free text.
export function methodQuality(method: string): number {
  if (method.startsWith('json-ld')) return 1;
  if (method.startsWith('og:') || method.startsWith('meta') || method === 'application-name') return 0.9;
  if (method.startsWith('title') || method.startsWith('logo')) return 0.75;
  return 0.8;
}

/** 0-100: coverage of the contract's fields, each weighted and discounted by how it was read. */
export function scoreConfidence(draft: CompanyDraft): number {
  let score = 0;
  for (const [field, weight] of Object.entries(FIELD_WEIGHTS) as [ScalarField, number][]) {
    const provenance = draft.provenance[field];
    if (draft.values[field] !== null && provenance) score += weight * methodQuality(provenance.method);
  }
  const networks = Object.keys(draft.socialProfiles);
  const socialQuality = (network: string) => methodQuality(draft.provenance[`socialProfiles.${network}`]?.method ?? '');
  if (networks.includes('linkedin')) score += SOCIAL_WEIGHTS.linkedin * socialQuality('linkedin');
  if (networks.includes('twitter')) score += SOCIAL_WEIGHTS.twitter * socialQuality('twitter');
  const other = networks.find((n) => n !== 'linkedin' && n !== 'twitter');
  if (other) score += SOCIAL_WEIGHTS.other * socialQuality(other);
  return Math.max(0, Math.min(100, Math.round(score)));
}
