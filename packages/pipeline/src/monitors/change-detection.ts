import {
  type CompanyDraft,
  type CompanyRecord,
  type DraftFieldSource,
  type FieldSourceKey,
  SCALAR_FIELDS,
  type ScalarField,
  SOURCE_NAMES,
  type SourceName,
} from '@enrich/record';

/**
 * What a refresh changed in a company's record, field by field. The fields compared are the
 * facts a source reads (the scalars, foundedYear, technologies, and each social profile as
 * `socialProfiles.<network>`); confidence, sources, provenance and the AI's prose (insights,
 * b2bMatch) are how the record is made, not facts about the company, and differ run to run.
 */
export interface FieldChange {
  field: string;
  oldValue: ComparedValue;
  newValue: ComparedValue;
  /** Sources of the new value (the one chosen and those that agreed); empty when it is gone. */
  sources: SourceName[];
}

export type ComparedValue = string | number | string[] | null;

/** A field of the record compared on its own: a scalar, foundedYear, technologies or one profile. */
type ComparedField = ScalarField | 'foundedYear' | 'technologies' | `socialProfiles.${string}`;

/** Fields whose values name a host: their host's case is no change. */
const URL_FIELDS = new Set<string>(['logoUrl']);

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function normaliseUrl(text: string): string {
  try {
    const url = new URL(text);
    // The URL parser lowercases scheme and host; a trailing slash is the same page.
    return url.href.replace(/\/$/, '');
  } catch {
    return text;
  }
}

/**
 * A value as compared: what is not a change taken out. Whitespace is collapsed, a host's case
 * (URLs, an address's domain) ignored, technologies compared as a set without regard to order
 * or case. Empty text and empty lists count as no value.
 */
export function normalisedValue(field: string, value: ComparedValue | undefined): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) {
    const items = [...new Set(value.map((item) => collapse(item).toLowerCase()).filter(Boolean))].sort();
    return items.length === 0 ? null : items.join('\n');
  }
  const text = collapse(value);
  if (text === '') return null;
  if (field.startsWith('socialProfiles.') || URL_FIELDS.has(field)) return normaliseUrl(text);
  if (field === 'email') {
    const at = text.lastIndexOf('@');
    return at < 0 ? text : text.slice(0, at) + text.slice(at).toLowerCase();
  }
  return text;
}

function fieldValue(record: Pick<CompanyDraft, ScalarField | 'foundedYear' | 'technologies' | 'socialProfiles'>, field: ComparedField) {
  if (field.startsWith('socialProfiles.')) return record.socialProfiles[field.slice('socialProfiles.'.length)] ?? null;
  return record[field as ScalarField | 'foundedYear' | 'technologies'];
}

function comparedFields(previous: CompanyRecord, draft: CompanyDraft): ComparedField[] {
  const networks = new Set([...Object.keys(previous.socialProfiles), ...Object.keys(draft.socialProfiles)]);
  return [...SCALAR_FIELDS, 'foundedYear', 'technologies', ...[...networks].sort().map((n) => `socialProfiles.${n}` as const)];
}

const sourcesOf = (source: DraftFieldSource | undefined): SourceName[] => (source ? [source.source, ...source.agreedBy] : []);

/**
 * Compares the record a refresh made (`draft`) with the one stored before (`previous`).
 * A value that is gone counts as removed only when the source that gave it (its provenance;
 * the website when none is kept) was read successfully this time (`read`): a site that was
 * down, a LinkedIn page refused or an AI that was off says nothing about the company. Such a
 * value is kept in the record returned, with its provenance, so the record stays the last
 * thing known and the value coming back later is no change either.
 */
export function compareRecords(
  previous: CompanyRecord,
  draft: CompanyDraft,
  read: ReadonlySet<SourceName>,
): { changes: FieldChange[]; record: CompanyDraft } {
  const record: CompanyDraft = {
    ...draft,
    socialProfiles: { ...draft.socialProfiles },
    fieldSources: { ...draft.fieldSources },
    sources: [...draft.sources],
  };
  const changes: FieldChange[] = [];
  for (const field of comparedFields(previous, draft)) {
    const oldValue = fieldValue(previous, field);
    const newValue = fieldValue(draft, field);
    const before = normalisedValue(field, oldValue);
    const after = normalisedValue(field, newValue);
    if (before === after) continue;
    const key = field as FieldSourceKey;
    if (after === null) {
      const gaveIt = previous.fieldSources[key]?.source ?? 'website';
      if (!read.has(gaveIt)) {
        keepPrevious(record, previous, field);
        continue;
      }
    }
    changes.push({
      field,
      oldValue: oldValue ?? null,
      newValue: after === null ? null : newValue,
      sources: sourcesOf(draft.fieldSources[key]),
    });
  }
  return { changes, record };
}

// The previous value and its provenance back in the record (its score is made again).
function keepPrevious(record: CompanyDraft, previous: CompanyRecord, field: ComparedField): void {
  const key = field as FieldSourceKey;
  if (field.startsWith('socialProfiles.')) {
    const network = field.slice('socialProfiles.'.length);
    const url = previous.socialProfiles[network];
    if (url !== undefined) record.socialProfiles[network] = url;
  } else {
    (record as Record<string, unknown>)[field] = previous[field as ScalarField | 'foundedYear' | 'technologies'];
  }
  const provenance = previous.fieldSources[key];
  if (provenance) {
    const { confidence: _scored, ...source } = provenance;
    record.fieldSources[key] = source;
    // In the one order sources are listed in.
    if (!record.sources.includes(source.source))
      record.sources = SOURCE_NAMES.filter((s) => s === source.source || record.sources.includes(s));
  }
}
