import type { CompanyDraft, CompanyRecord, DraftFieldSource, FieldSourceKey, ScalarField } from '@enrich/record';
import { candidateQuality, type QualityField, qualityFieldOf } from './merge-sources';

// Weight of each contract field in the score; they sum to 100 (docs/confidence.md). Extra
// facts beyond the contract's table (logo, contact details, insights) do not move the score.
export const FIELD_WEIGHTS: Partial<Record<ScalarField, number>> = {
  name: 20,
  description: 15,
  industry: 15,
  employeeCount: 10,
  location: 10,
  businessStage: 5,
  fundingStatus: 5,
};
export const SOCIAL_WEIGHTS = { linkedin: 10, twitter: 5, other: 5 };

// A value another source confirmed closes this share of its remaining doubt; one another
// source contradicted keeps this share of its quality.
export const AGREEMENT_GAIN = 0.6;
export const DISAGREEMENT_FACTOR = 0.8;
// What an inferred value is worth at most (the AI source's, a name made from the domain), against 1
// for a perfectly observed one.
export const INFERRED_QUALITY = 0.5;

/** 0-1: how far one chosen value is trusted, from how it was got and whether sources agree. */
export function valueQuality(field: QualityField, provenance: DraftFieldSource): number {
  const read = candidateQuality(field, provenance);
  let quality = provenance.inferred ? Math.min(INFERRED_QUALITY, read) : read;
  if (provenance.agreedBy.length > 0) quality += (1 - quality) * AGREEMENT_GAIN;
  else if (provenance.disagreedBy.length > 0) quality *= DISAGREEMENT_FACTOR;
  return quality;
}

/** 0-100: coverage of the contract's fields, each weighted by how its value was got and agreed on. */
export function scoreConfidence(draft: CompanyDraft): number {
  let score = 0;
  for (const [field, weight] of Object.entries(FIELD_WEIGHTS) as [ScalarField, number][]) {
    const provenance = draft.fieldSources[field];
    if (draft[field] !== null && provenance) score += weight * valueQuality(field, provenance);
  }
  const social = (network: string) => {
    const provenance = draft.fieldSources[`socialProfiles.${network}`];
    return provenance ? valueQuality('social', provenance) : 0;
  };
  const networks = Object.keys(draft.socialProfiles);
  if (networks.includes('linkedin')) score += SOCIAL_WEIGHTS.linkedin * social('linkedin');
  if (networks.includes('twitter')) score += SOCIAL_WEIGHTS.twitter * social('twitter');
  const other = networks.find((n) => n !== 'linkedin' && n !== 'twitter');
  if (other) score += SOCIAL_WEIGHTS.other * social(other);
  return Math.max(0, Math.min(100, Math.round(score)));
}

/**
 * Each value's provenance with its own confidence (0-100, its quality): what a client reads to
 * trust one field, where the record's `confidence` weighs them all.
 */
export function scoreFieldSources(draft: CompanyDraft): CompanyRecord['fieldSources'] {
  const scored: CompanyRecord['fieldSources'] = {};
  for (const [key, provenance] of Object.entries(draft.fieldSources) as [FieldSourceKey, DraftFieldSource][]) {
    scored[key] = { ...provenance, confidence: Math.round(100 * valueQuality(qualityFieldOf(key), provenance)) };
  }
  return scored;
}
