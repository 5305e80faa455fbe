export type SourceName = 'website' | 'linkedin' | 'ai';

// Where a chosen value came from: the source, the page, how it was read there, and when;
// whether it was observed on a page or inferred by the AI source, and which other sources
// gave the same value. Served as the record's `fieldSources`.
export interface Provenance {
  source: SourceName;
  url: string;
  method: string;
  observedAt: string;
  inferred: boolean;
  agreedBy: SourceName[];
  /** Other sources that gave a different value for the field. */
  disagreedBy: SourceName[];
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
export type ProvenanceKey = ScalarField | 'foundedYear' | 'technologies' | 'insights' | 'b2bMatch' | `socialProfiles.${string}`;

export interface CompanyInsights {
  offering: string | null;
  targetMarket: { customerType: 'b2b' | 'b2c' | 'both' | null; industries: string[]; companySizes: string[] };
  keyProducts: string[];
  notableCustomers: string[];
}
export interface B2bMatch {
  score: number;
  reasons: string[];
}

// A company record before it is stored: values plus the provenance of each.
export interface CompanyDraft {
  values: Record<ScalarField, string | null>;
  foundedYear: number | null;
  socialProfiles: Record<string, string>;
  technologies: string[];
  insights: CompanyInsights | null;
  b2bMatch: B2bMatch | null;
  provenance: Partial<Record<ProvenanceKey, Provenance>>;
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
    technologies: [],
    insights: null,
    b2bMatch: null,
    provenance: {},
    sources: [],
  };
}
