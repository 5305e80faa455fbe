/** Types generated for queries found in "packages/pipeline/src/steps/finalize-step.sql" */
import { PreparedQuery } from '@enrich/db';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = (string)[];

/** 'UpsertCompany' parameters type */
export interface IUpsertCompanyParams {
  b2bMatch?: Json | null | void;
  businessStage?: string | null | void;
  confidence: number;
  description?: string | null | void;
  domain: string;
  email?: string | null | void;
  employeeCount?: string | null | void;
  enrichedAt: DateOrString;
  foundedYear?: number | null | void;
  fundingStatus?: string | null | void;
  industry?: string | null | void;
  insights?: Json | null | void;
  location?: string | null | void;
  logoUrl?: string | null | void;
  name?: string | null | void;
  phone?: string | null | void;
  provenance: Json;
  replace: boolean;
  socialProfiles: Json;
  sources: stringArray;
  technologies: stringArray;
}

/** 'UpsertCompany' return type */
export type IUpsertCompanyResult = void;

/** 'UpsertCompany' query type */
export interface IUpsertCompanyQuery {
  params: IUpsertCompanyParams;
  result: IUpsertCompanyResult;
}

const upsertCompanyIR: any = {"usedParamSet":{"domain":true,"name":true,"description":true,"industry":true,"employeeCount":true,"location":true,"businessStage":true,"fundingStatus":true,"foundedYear":true,"logoUrl":true,"email":true,"phone":true,"socialProfiles":true,"technologies":true,"insights":true,"b2bMatch":true,"confidence":true,"sources":true,"provenance":true,"enrichedAt":true,"replace":true},"params":[{"name":"domain","required":true,"transform":{"type":"scalar"},"locs":[{"a":266,"b":273}]},{"name":"name","required":false,"transform":{"type":"scalar"},"locs":[{"a":282,"b":286}]},{"name":"description","required":false,"transform":{"type":"scalar"},"locs":[{"a":295,"b":306}]},{"name":"industry","required":false,"transform":{"type":"scalar"},"locs":[{"a":315,"b":323}]},{"name":"employeeCount","required":false,"transform":{"type":"scalar"},"locs":[{"a":332,"b":345}]},{"name":"location","required":false,"transform":{"type":"scalar"},"locs":[{"a":354,"b":362}]},{"name":"businessStage","required":false,"transform":{"type":"scalar"},"locs":[{"a":373,"b":386}]},{"name":"fundingStatus","required":false,"transform":{"type":"scalar"},"locs":[{"a":395,"b":408}]},{"name":"foundedYear","required":false,"transform":{"type":"scalar"},"locs":[{"a":417,"b":428}]},{"name":"logoUrl","required":false,"transform":{"type":"scalar"},"locs":[{"a":436,"b":443}]},{"name":"email","required":false,"transform":{"type":"scalar"},"locs":[{"a":452,"b":457}]},{"name":"phone","required":false,"transform":{"type":"scalar"},"locs":[{"a":466,"b":471}]},{"name":"socialProfiles","required":true,"transform":{"type":"scalar"},"locs":[{"a":482,"b":497}]},{"name":"technologies","required":true,"transform":{"type":"scalar"},"locs":[{"a":507,"b":520}]},{"name":"insights","required":false,"transform":{"type":"scalar"},"locs":[{"a":531,"b":539}]},{"name":"b2bMatch","required":false,"transform":{"type":"scalar"},"locs":[{"a":549,"b":557}]},{"name":"confidence","required":true,"transform":{"type":"scalar"},"locs":[{"a":567,"b":578}]},{"name":"sources","required":true,"transform":{"type":"scalar"},"locs":[{"a":588,"b":596}]},{"name":"provenance","required":true,"transform":{"type":"scalar"},"locs":[{"a":607,"b":618}]},{"name":"enrichedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":628,"b":639}]},{"name":"replace","required":true,"transform":{"type":"scalar"},"locs":[{"a":1343,"b":1351}]}],"statement":"INSERT INTO companies (domain, name, description, industry, employee_count, location, business_stage, funding_status,\n  founded_year, logo_url, email, phone, social_profiles, technologies, insights, b2b_match, confidence, sources,\n  provenance, enriched_at)\nVALUES (:domain!::text, :name::text, :description::text, :industry::text, :employeeCount::text, :location::text,\n  :businessStage::text, :fundingStatus::text, :foundedYear::int, :logoUrl::text, :email::text, :phone::text,\n  :socialProfiles!::jsonb, :technologies!::text[], :insights::jsonb, :b2bMatch::jsonb, :confidence!::int,\n  :sources!::text[], :provenance!::jsonb, :enrichedAt!::timestamp)\nON CONFLICT (domain) DO UPDATE SET\n  name = EXCLUDED.name, description = EXCLUDED.description, industry = EXCLUDED.industry,\n  employee_count = EXCLUDED.employee_count, location = EXCLUDED.location, business_stage = EXCLUDED.business_stage,\n  funding_status = EXCLUDED.funding_status, founded_year = EXCLUDED.founded_year, logo_url = EXCLUDED.logo_url,\n  email = EXCLUDED.email, phone = EXCLUDED.phone, social_profiles = EXCLUDED.social_profiles,\n  technologies = EXCLUDED.technologies, insights = EXCLUDED.insights, b2b_match = EXCLUDED.b2b_match,\n  confidence = EXCLUDED.confidence, sources = EXCLUDED.sources, provenance = EXCLUDED.provenance,\n  enriched_at = EXCLUDED.enriched_at\nWHERE :replace!::boolean                                                                                                 "};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO companies (domain, name, description, industry, employee_count, location, business_stage, funding_status,
 *   founded_year, logo_url, email, phone, social_profiles, technologies, insights, b2b_match, confidence, sources,
 *   provenance, enriched_at)
 * VALUES (:domain!::text, :name::text, :description::text, :industry::text, :employeeCount::text, :location::text,
 *   :businessStage::text, :fundingStatus::text, :foundedYear::int, :logoUrl::text, :email::text, :phone::text,
 *   :socialProfiles!::jsonb, :technologies!::text[], :insights::jsonb, :b2bMatch::jsonb, :confidence!::int,
 *   :sources!::text[], :provenance!::jsonb, :enrichedAt!::timestamp)
 * ON CONFLICT (domain) DO UPDATE SET
 *   name = EXCLUDED.name, description = EXCLUDED.description, industry = EXCLUDED.industry,
 *   employee_count = EXCLUDED.employee_count, location = EXCLUDED.location, business_stage = EXCLUDED.business_stage,
 *   funding_status = EXCLUDED.funding_status, founded_year = EXCLUDED.founded_year, logo_url = EXCLUDED.logo_url,
 *   email = EXCLUDED.email, phone = EXCLUDED.phone, social_profiles = EXCLUDED.social_profiles,
 *   technologies = EXCLUDED.technologies, insights = EXCLUDED.insights, b2b_match = EXCLUDED.b2b_match,
 *   confidence = EXCLUDED.confidence, sources = EXCLUDED.sources, provenance = EXCLUDED.provenance,
 *   enriched_at = EXCLUDED.enriched_at
 * WHERE :replace!::boolean                                                                                                 
 * ```
 */
export const upsertCompany = new PreparedQuery<IUpsertCompanyParams,IUpsertCompanyResult>(upsertCompanyIR);


/** 'TouchTeamCompany' parameters type */
export interface ITouchTeamCompanyParams {
  domain: string;
  enrichedAt: DateOrString;
  teamId: string;
}

/** 'TouchTeamCompany' return type */
export type ITouchTeamCompanyResult = void;

/** 'TouchTeamCompany' query type */
export interface ITouchTeamCompanyQuery {
  params: ITouchTeamCompanyParams;
  result: ITouchTeamCompanyResult;
}

const touchTeamCompanyIR: any = {"usedParamSet":{"teamId":true,"domain":true,"enrichedAt":true},"params":[{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":66,"b":73}]},{"name":"domain","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":89}]},{"name":"enrichedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":98,"b":109}]}],"statement":"INSERT INTO team_companies (team_id, domain, enriched_at)\nVALUES (:teamId!::text, :domain!::text, :enrichedAt!::timestamp)\nON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO team_companies (team_id, domain, enriched_at)
 * VALUES (:teamId!::text, :domain!::text, :enrichedAt!::timestamp)
 * ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at
 * ```
 */
export const touchTeamCompany = new PreparedQuery<ITouchTeamCompanyParams,ITouchTeamCompanyResult>(touchTeamCompanyIR);


