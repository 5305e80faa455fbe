import type { z } from 'zod';
import { type CompanyRecord, companyRecordSchema, SOCIAL_NETWORKS } from './company-record';

/**
 * The company record as flat named cells (a spreadsheet row: bulk results as CSV), derived
 * from companyRecordSchema so that a field added there becomes a column here:
 * - a single value keeps its name (`name`, `foundedYear`, `confidence`);
 * - a list is one cell, its items joined with "; " (`technologies`, `sources`);
 * - an object's fields are `<field>_<key>` (`insights_offering`, `b2bMatch_score`);
 * - a map has one column per known key (`socialProfiles` → `social_linkedin`, …).
 * fieldSources (provenance) is left out: it describes the cells rather than being one.
 */

/** Maps need their keys listed; a map field without an entry here fails at load. */
const MAP_COLUMNS: Record<string, { prefix: string; keys: readonly string[] }> = {
  socialProfiles: { prefix: 'social', keys: SOCIAL_NETWORKS },
};
const LEFT_OUT = new Set(['fieldSources']);
export const LIST_SEPARATOR = '; ';

interface Column {
  name: string;
  read: (record: CompanyRecord) => unknown;
}

type Schema = z.core.$ZodType;
const unwrapped = (schema: Schema): Schema => {
  const def = schema._zod.def as { type: string; innerType?: Schema };
  return (def.type === 'nullable' || def.type === 'optional') && def.innerType ? unwrapped(def.innerType) : schema;
};

function columnsOf(shape: Record<string, Schema>, prefix: string, read: (record: CompanyRecord) => unknown): Column[] {
  return Object.entries(shape).flatMap(([field, schema]): Column[] => {
    if (!prefix && LEFT_OUT.has(field)) return [];
    const name = `${prefix}${field}`;
    const value = (record: CompanyRecord) => (read(record) as Record<string, unknown> | null)?.[field];
    const inner = unwrapped(schema)._zod.def as { type: string; shape?: Record<string, Schema> };
    if (inner.type === 'object' && inner.shape) return columnsOf(inner.shape, `${name}_`, value);
    if (inner.type === 'record') {
      const map = MAP_COLUMNS[name];
      if (!map) throw new Error(`flat-record: the map field ${name} needs its columns listed in MAP_COLUMNS`);
      return map.keys.map((key) => ({ name: `${map.prefix}_${key}`, read: (record) => (value(record) as Record<string, unknown>)?.[key] }));
    }
    return [{ name, read: value }];
  });
}

const COLUMNS = columnsOf(companyRecordSchema.shape, '', (record) => record);

/** Names of the flat record's cells, in the record's order. */
export const FLAT_RECORD_COLUMNS: readonly string[] = COLUMNS.map((column) => column.name);

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cell).join(LIST_SEPARATOR);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The record's cells, in FLAT_RECORD_COLUMNS order; null and absent values are empty. */
export function flattenRecord(record: CompanyRecord): string[] {
  return COLUMNS.map((column) => cell(column.read(record)));
}
