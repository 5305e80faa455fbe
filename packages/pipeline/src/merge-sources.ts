import {
  type CompanyDraft,
  type DraftFieldSource,
  emptyDraft,
  METHOD_QUALITY,
  SCALAR_FIELDS,
  type ScalarField,
  SOURCE_NAMES,
  type SourceName,
} from '@enrich/record';
import {
  aiCandidates,
  type Candidate,
  type CandidateField,
  type Candidates,
  linkedInCandidates,
  websiteCandidates,
} from './field-candidates';
import type { SourceDataBySource } from './source-results';
import { valuesAgree } from './value-agreement';

// How far each source is trusted for each field (docs/confidence.md). LinkedIn's own facts
// win for size and industry; the company's site wins for name, address and contact details;
// the AI source is only ever used where no source observed a value.
export const SOURCE_RELIABILITY: Record<CandidateField, Partial<Record<SourceName, number>>> = {
  name: { website: 1, linkedin: 0.95 },
  description: { website: 1, linkedin: 0.9, ai: 0.5 },
  industry: { linkedin: 1, website: 0.9, ai: 0.5 },
  employeeCount: { linkedin: 1, website: 0.85, ai: 0.5 },
  location: { website: 1, linkedin: 0.95 },
  businessStage: { linkedin: 1, ai: 0.5 },
  fundingStatus: { ai: 0.5 },
  logoUrl: { website: 1, linkedin: 0.8 },
  email: { website: 1 },
  phone: { website: 1 },
  foundedYear: { linkedin: 1, website: 0.95 },
};

/** How much a chosen value is trusted before agreement: reliability of its source × how it was read. */
export function candidateQuality(field: QualityField, candidate: Pick<Candidate<unknown>, 'source' | 'method'>): number {
  return sourceReliability(field, candidate.source) * METHOD_QUALITY[candidate.method];
}

/**
 * What the reliability table knows a value as: a candidate field, a social profile, or another
 * fact (technologies, insights, b2bMatch), which each have one source and weigh by method alone.
 */
export type QualityField = CandidateField | 'social' | 'other';

function sourceReliability(field: QualityField, source: SourceName): number {
  if (field === 'other') return 1;
  if (field === 'social') return source === 'ai' ? 0.5 : 1;
  return SOURCE_RELIABILITY[field][source] ?? 0;
}

/** The quality field of a `fieldSources` key. */
export function qualityFieldOf(key: string): QualityField {
  if (key.startsWith('socialProfiles.')) return 'social';
  return Object.hasOwn(SOURCE_RELIABILITY, key) ? (key as CandidateField) : 'other';
}

function choose<T extends string | number>(
  field: CandidateField | 'social',
  candidates: Candidate<T>[],
): { chosen: Candidate<T>; provenance: DraftFieldSource } | null {
  const observed = candidates.filter((c) => !c.inferred);
  const pool = (observed.length > 0 ? observed : candidates).filter((c) => candidateQuality(field, c) > 0);
  if (pool.length === 0) return null;
  // Highest quality first; ties keep source order (website, linkedin, ai).
  const chosen = pool.reduce((best, c) => (candidateQuality(field, c) > candidateQuality(field, best) ? c : best));
  const agreedBy: SourceName[] = [];
  const disagreedBy: SourceName[] = [];
  for (const other of candidates) {
    if (other.source === chosen.source) continue;
    const agree = valuesAgree(field, chosen.value, other.value);
    if (agree === true && !agreedBy.includes(other.source)) agreedBy.push(other.source);
    if (agree === false && !disagreedBy.includes(other.source)) disagreedBy.push(other.source);
  }
  const { source, url, method, observedAt, inferred } = chosen;
  return {
    chosen,
    provenance: { source, url, method, observedAt, inferred, agreedBy, disagreedBy: disagreedBy.filter((s) => !agreedBy.includes(s)) },
  };
}

function chooseScalar<F extends ScalarField>(draft: CompanyDraft, field: F, candidates: Candidates): void {
  const picked = choose(field, candidates.scalars[field] ?? []);
  if (!picked) return;
  draft[field] = picked.chosen.value as CompanyDraft[F];
  draft.fieldSources[field] = picked.provenance;
}

// A website name below this quality was guessed (a title's part by its place or in part, the
// domain as spelled or as a label, a copyright line's holder, a logo known by its file name):
// the AI's reading of the site may settle it.
const GUESSED_NAME_QUALITY = 0.7;

/** Whether the site's own text (the homepage's sample, the crawled pages' text) writes `name`. */
function siteWrites(website: SourceDataBySource['website'], name: string): boolean {
  if (website?.status !== 'ok') return false;
  const needle = name.toLowerCase();
  return [website.facts.textSample, ...(website.pages ?? []).map((page) => page.text)].some((text) => text.toLowerCase().includes(needle));
}

/**
 * Where the website's rules could only guess the name, the AI source's name for the company
 * settles it when the site's own text writes that name (a model's answer alone is never a
 * name). The value is marked as the AI's: source `ai`, inferred, the website disagreeing.
 */
function settleGuessedName(draft: CompanyDraft, results: SourceDataBySource): void {
  const { ai, website } = results;
  const provenance = draft.fieldSources.name;
  const name = ai?.status === 'ok' ? ai.answer.name?.trim() : null;
  if (ai?.status !== 'ok' || !name || provenance?.source !== 'website' || !draft.name) return;
  if (candidateQuality('name', provenance) >= GUESSED_NAME_QUALITY) return;
  if (name.toLowerCase() === draft.name.toLowerCase() || !siteWrites(website, name)) return;
  draft.name = name;
  draft.fieldSources.name = aiProvenance(ai, ['website']);
}

type AiAnswered = Extract<NonNullable<SourceDataBySource['ai']>, { status: 'ok' }>;

/** Where a value of the AI's answer comes from: the model, inferred. */
function aiProvenance(ai: AiAnswered, disagreedBy: DraftFieldSource['disagreedBy'] = []): DraftFieldSource {
  return { source: 'ai', url: `llm:${ai.model}`, method: 'llm', observedAt: ai.fetchedAt, inferred: true, agreedBy: [], disagreedBy };
}

function addAiInsights(draft: CompanyDraft, ai: SourceDataBySource['ai']): void {
  if (ai?.status !== 'ok') return;
  const provenance = aiProvenance(ai);
  draft.insights = ai.answer.insights;
  draft.b2bMatch = ai.answer.b2bMatch;
  draft.fieldSources.insights = provenance;
  draft.fieldSources.b2bMatch = provenance;
}

/**
 * Builds the record from what the sources returned: per field the most reliable value, with
 * its provenance and which other sources agreed or disagreed. `sources` lists exactly the
 * sources whose values appear in the record.
 */
export function mergeSources(results: SourceDataBySource): CompanyDraft {
  const draft = emptyDraft();
  const candidates: Candidates = { scalars: {}, foundedYear: [], socialProfiles: {} };
  if (results.website) websiteCandidates(candidates, results.website);
  if (results.linkedin) linkedInCandidates(candidates, results.linkedin);
  if (results.ai) aiCandidates(candidates, results.ai);

  for (const field of SCALAR_FIELDS) chooseScalar(draft, field, candidates);
  settleGuessedName(draft, results);
  const founded = choose('foundedYear', candidates.foundedYear);
  if (founded) {
    draft.foundedYear = founded.chosen.value;
    draft.fieldSources.foundedYear = founded.provenance;
  }
  for (const [network, list] of Object.entries(candidates.socialProfiles)) {
    const picked = choose('social', list);
    if (!picked) continue;
    draft.socialProfiles[network] = picked.chosen.value;
    draft.fieldSources[`socialProfiles.${network}`] = picked.provenance;
  }
  if (results.website?.status === 'ok') {
    const { technologies } = results.website.facts;
    draft.technologies = [...new Set(technologies.map((t) => t.value))];
    const first = technologies[0];
    if (first) {
      draft.fieldSources.technologies = {
        source: 'website',
        url: first.url,
        method: first.method,
        observedAt: results.website.fetchedAt,
        inferred: false,
        agreedBy: [],
        disagreedBy: [],
      };
    }
  }
  addAiInsights(draft, results.ai);

  const used = new Set(Object.values(draft.fieldSources).map((p) => p!.source));
  draft.sources = SOURCE_NAMES.filter((s) => used.has(s));
  return draft;
}
