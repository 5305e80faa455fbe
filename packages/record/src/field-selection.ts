import { z } from 'zod';
import { type CompanyRecord, companyRecordSchema, SOCIAL_NETWORKS } from './company-record';

/**
 * Field selection (`fields=name,industry,socialProfiles.linkedin`): which parts of a company
 * record an answer carries. Selectable are the record's top-level fields (derived from
 * companyRecordSchema, so a field added there is selectable at once) and one social network
 * at a time as `socialProfiles.<network>`. `domain` always comes back: it names the record.
 * `fieldSources` is not selected by name; it keeps the provenance of the selected fields.
 */
const ALWAYS = 'domain';
const TOP_LEVEL = Object.keys(companyRecordSchema.shape).filter((field) => field !== 'fieldSources' && field !== ALWAYS);
const PROFILE_PREFIX = 'socialProfiles.';

export const SELECTABLE_FIELDS: readonly string[] = [...TOP_LEVEL, ...SOCIAL_NETWORKS.map((network) => `${PROFILE_PREFIX}${network}`)];
const selectable = new Set(SELECTABLE_FIELDS);

/** A parsed `fields` value: the top-level fields kept, and the single networks asked for. */
export interface FieldSelection {
  fields: ReadonlySet<string>;
  networks: ReadonlySet<string>;
}

export const MAX_FIELDS_TEXT = 1_000;

export type FieldSelectionResult = { ok: true; selection: FieldSelection } | { ok: false; message: string; unknown: string[] };

export function parseFieldSelection(text: string): FieldSelectionResult {
  if (text.length > MAX_FIELDS_TEXT) return { ok: false, message: `fields is longer than ${MAX_FIELDS_TEXT} characters`, unknown: [] };
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  if (names.length === 0) return { ok: false, message: 'fields names no field', unknown: [] };
  const unknown = [...new Set(names.filter((name) => name !== ALWAYS && !selectable.has(name)))];
  if (unknown.length > 0) {
    const shown = unknown.map((name) => JSON.stringify(name.slice(0, 60))).join(', ');
    return {
      ok: false,
      message: `unknown field${unknown.length > 1 ? 's' : ''} ${shown}; selectable: ${SELECTABLE_FIELDS.join(', ')}`,
      unknown,
    };
  }
  const fields = new Set<string>();
  const networks = new Set<string>();
  for (const name of names) {
    if (name.startsWith(PROFILE_PREFIX)) networks.add(name.slice(PROFILE_PREFIX.length));
    else if (name !== ALWAYS) fields.add(name);
  }
  return { ok: true, selection: { fields, networks } };
}

/** The `fields` query parameter: a comma-separated list, refused naming any unknown field. */
export const fieldSelectionParam = z
  .string()
  .transform((text, ctx) => {
    const parsed = parseFieldSelection(text);
    if (parsed.ok) return parsed.selection;
    ctx.addIssue({ code: 'custom', message: parsed.message, params: { unknown: parsed.unknown } });
    return z.NEVER;
  })
  .meta({
    description: `Comma-separated fields to return (domain always comes back): ${SELECTABLE_FIELDS.join(', ')}`,
    example: 'name,industry,socialProfiles.linkedin',
  });

const provenanceKept = (key: string, selection: FieldSelection): boolean => {
  if (key.startsWith(PROFILE_PREFIX))
    return selection.fields.has('socialProfiles') || selection.networks.has(key.slice(PROFILE_PREFIX.length));
  return selection.fields.has(key);
};

/**
 * A record answered with `fields`: domain and fieldSources always, the other fields only when
 * selected. Answers that take `fields` are either the whole record or this.
 */
export const selectedRecordSchema = companyRecordSchema.partial().required({ domain: true, fieldSources: true }).meta({
  id: 'CompanyRecordSelection',
  description: 'The company record with only the fields named in `fields`, with their fieldSources; domain always',
});

/** The record as an answer that takes `fields` gives it: whole, or only the selected fields. */
export const servedRecordSchema = z.union([companyRecordSchema, selectedRecordSchema]);

/** The record with only the selected fields and their provenance; the whole record without a selection. */
export type SelectedRecord = z.infer<typeof selectedRecordSchema>;

export function selectFields(record: CompanyRecord, selection: FieldSelection | undefined): SelectedRecord {
  if (!selection) return record;
  const picked: Record<string, unknown> = { domain: record.domain };
  for (const field of selection.fields) picked[field] = record[field as keyof CompanyRecord];
  if (selection.networks.size > 0 && !selection.fields.has('socialProfiles')) {
    picked.socialProfiles = Object.fromEntries(
      Object.entries(record.socialProfiles).filter(([network]) => selection.networks.has(network)),
    );
  }
  picked.fieldSources = Object.fromEntries(Object.entries(record.fieldSources).filter(([key]) => provenanceKept(key, selection)));
  return picked as SelectedRecord;
}
