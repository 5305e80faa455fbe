/** Types generated for queries found in "apps/api/src/companies/company-reads.sql" */
import { PreparedQuery } from '@enrich/db';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = (string)[];

/** 'LookUpCompanies' parameters type */
export interface ILookUpCompaniesParams {
  domains: stringArray;
  teamIds: stringArray;
}

/** 'LookUpCompanies' return type */
export interface ILookUpCompaniesResult {
  c_b2bMatch: Json | null;
  c_businessStage: string | null;
  c_confidence: number | null;
  c_description: string | null;
  c_domain: string | null;
  c_email: string | null;
  c_employeeCount: string | null;
  c_foundedYear: number | null;
  c_fundingStatus: string | null;
  c_industry: string | null;
  c_insights: Json | null;
  c_location: string | null;
  c_logoUrl: string | null;
  c_name: string | null;
  c_phone: string | null;
  c_provenance: Json | null;
  c_socialProfiles: Json | null;
  c_sources: stringArray | null;
  c_technologies: stringArray | null;
  c_version: string | null;
  enrichedAt: Date;
  n: string;
}

/** 'LookUpCompanies' query type */
export interface ILookUpCompaniesQuery {
  params: ILookUpCompaniesParams;
  result: ILookUpCompaniesResult;
}

const lookUpCompaniesIR: any = {"usedParamSet":{"domains":true,"teamIds":true},"params":[{"name":"domains","required":true,"transform":{"type":"scalar"},"locs":[{"a":72,"b":80}]},{"name":"teamIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":99}]}],"statement":"SELECT asked.n AS \"n!\", tc.enriched_at AS \"enrichedAt\", c.*\nFROM unnest(:domains!::text[], :teamIds!::text[]) WITH ORDINALITY AS asked(domain, team_id, n)\nCROSS JOIN LATERAL (SELECT * FROM team_companies tc WHERE tc.team_id = asked.team_id AND tc.domain = asked.domain LIMIT 1) tc\nCROSS JOIN LATERAL (SELECT * FROM company_records c WHERE c.c_domain = tc.domain LIMIT 1) c"};

/**
 * Query generated from SQL:
 * ```
 * SELECT asked.n AS "n!", tc.enriched_at AS "enrichedAt", c.*
 * FROM unnest(:domains!::text[], :teamIds!::text[]) WITH ORDINALITY AS asked(domain, team_id, n)
 * CROSS JOIN LATERAL (SELECT * FROM team_companies tc WHERE tc.team_id = asked.team_id AND tc.domain = asked.domain LIMIT 1) tc
 * CROSS JOIN LATERAL (SELECT * FROM company_records c WHERE c.c_domain = tc.domain LIMIT 1) c
 * ```
 */
export const lookUpCompanies = new PreparedQuery<ILookUpCompaniesParams,ILookUpCompaniesResult>(lookUpCompaniesIR);


