import type { BusinessStage, ScalarField } from '@enrich/record';

// Lists of the record contract's values that the pages need at run time. @enrich/record is
// imported for its types only: its runtime values come with zod, whose start-up probe for
// `new Function` is a CSP violation under script-src 'self' (and ~100 kB of schema code the
// browser does not need). The compiler keeps these lists equal to the contract's types.

type Exactly<List extends readonly string[], Union extends string> = [Exclude<Union, List[number]>] extends [never] ? List : never;

/** The single-valued fields, in the order the record page shows them. */
export const SCALAR_FIELDS = [
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
] as const satisfies readonly ScalarField[];
export const checkScalarFields: Exactly<typeof SCALAR_FIELDS, ScalarField> = SCALAR_FIELDS;

export const BUSINESS_STAGES = ['startup', 'growth', 'scaleup', 'enterprise', 'public'] as const satisfies readonly BusinessStage[];
export const checkBusinessStages: Exactly<typeof BUSINESS_STAGES, BusinessStage> = BUSINESS_STAGES;
