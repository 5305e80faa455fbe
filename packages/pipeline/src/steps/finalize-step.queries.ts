/** Types generated for queries found in "packages/pipeline/src/steps/finalize-step.sql" */
import { PreparedQuery } from '@enrich/db';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = (string)[];

/** 'CompleteWithCompany' parameters type */
export interface ICompleteWithCompanyParams {
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
  jobId: string;
  location?: string | null | void;
  logoUrl?: string | null | void;
  name?: string | null | void;
  phone?: string | null | void;
  provenance: Json;
  replace: boolean;
  socialProfiles: Json;
  sources: stringArray;
  teamId: string;
  technologies: stringArray;
}

/** 'CompleteWithCompany' return type */
export interface ICompleteWithCompanyResult {
  batchId: string | null;
  completed: number | null;
  deliveries: stringArray;
  domain: string;
  endSeq: number | null;
  failed: number | null;
  pending: number | null;
}

/** 'CompleteWithCompany' query type */
export interface ICompleteWithCompanyQuery {
  params: ICompleteWithCompanyParams;
  result: ICompleteWithCompanyResult;
}

const completeWithCompanyIR: any = {"usedParamSet":{"jobId":true,"enrichedAt":true,"domain":true,"name":true,"description":true,"industry":true,"employeeCount":true,"location":true,"businessStage":true,"fundingStatus":true,"foundedYear":true,"logoUrl":true,"email":true,"phone":true,"socialProfiles":true,"technologies":true,"insights":true,"b2bMatch":true,"confidence":true,"sources":true,"provenance":true,"replace":true,"teamId":true},"params":[{"name":"jobId","required":true,"transform":{"type":"scalar"},"locs":[{"a":40,"b":46}]},{"name":"enrichedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":79},{"a":762,"b":773},{"a":1640,"b":1651}]},{"name":"domain","required":true,"transform":{"type":"scalar"},"locs":[{"a":394,"b":401},{"a":1624,"b":1631}]},{"name":"name","required":false,"transform":{"type":"scalar"},"locs":[{"a":410,"b":414}]},{"name":"description","required":false,"transform":{"type":"scalar"},"locs":[{"a":423,"b":434}]},{"name":"industry","required":false,"transform":{"type":"scalar"},"locs":[{"a":443,"b":451}]},{"name":"employeeCount","required":false,"transform":{"type":"scalar"},"locs":[{"a":460,"b":473}]},{"name":"location","required":false,"transform":{"type":"scalar"},"locs":[{"a":482,"b":490}]},{"name":"businessStage","required":false,"transform":{"type":"scalar"},"locs":[{"a":503,"b":516}]},{"name":"fundingStatus","required":false,"transform":{"type":"scalar"},"locs":[{"a":525,"b":538}]},{"name":"foundedYear","required":false,"transform":{"type":"scalar"},"locs":[{"a":547,"b":558}]},{"name":"logoUrl","required":false,"transform":{"type":"scalar"},"locs":[{"a":566,"b":573}]},{"name":"email","required":false,"transform":{"type":"scalar"},"locs":[{"a":582,"b":587}]},{"name":"phone","required":false,"transform":{"type":"scalar"},"locs":[{"a":596,"b":601}]},{"name":"socialProfiles","required":true,"transform":{"type":"scalar"},"locs":[{"a":614,"b":629}]},{"name":"technologies","required":true,"transform":{"type":"scalar"},"locs":[{"a":639,"b":652}]},{"name":"insights","required":false,"transform":{"type":"scalar"},"locs":[{"a":663,"b":671}]},{"name":"b2bMatch","required":false,"transform":{"type":"scalar"},"locs":[{"a":681,"b":689}]},{"name":"confidence","required":true,"transform":{"type":"scalar"},"locs":[{"a":699,"b":710}]},{"name":"sources","required":true,"transform":{"type":"scalar"},"locs":[{"a":722,"b":730}]},{"name":"provenance","required":true,"transform":{"type":"scalar"},"locs":[{"a":741,"b":752}]},{"name":"replace","required":true,"transform":{"type":"scalar"},"locs":[{"a":1507,"b":1515}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1608,"b":1615}]}],"statement":"WITH ended AS (\n  SELECT * FROM end_job(:jobId!::uuid, 'completed', :enrichedAt!::timestamp, NULL, NULL)\n), company AS (\n  INSERT INTO companies (domain, name, description, industry, employee_count, location, business_stage, funding_status,\n    founded_year, logo_url, email, phone, social_profiles, technologies, insights, b2b_match, confidence, sources,\n    provenance, enriched_at)\n  SELECT :domain!::text, :name::text, :description::text, :industry::text, :employeeCount::text, :location::text,\n    :businessStage::text, :fundingStatus::text, :foundedYear::int, :logoUrl::text, :email::text, :phone::text,\n    :socialProfiles!::jsonb, :technologies!::text[], :insights::jsonb, :b2bMatch::jsonb, :confidence!::int,\n    :sources!::text[], :provenance!::jsonb, :enrichedAt!::timestamp\n  FROM ended\n  ON CONFLICT (domain) DO UPDATE SET\n    name = EXCLUDED.name, description = EXCLUDED.description, industry = EXCLUDED.industry,\n    employee_count = EXCLUDED.employee_count, location = EXCLUDED.location, business_stage = EXCLUDED.business_stage,\n    funding_status = EXCLUDED.funding_status, founded_year = EXCLUDED.founded_year, logo_url = EXCLUDED.logo_url,\n    email = EXCLUDED.email, phone = EXCLUDED.phone, social_profiles = EXCLUDED.social_profiles,\n    technologies = EXCLUDED.technologies, insights = EXCLUDED.insights, b2b_match = EXCLUDED.b2b_match,\n    confidence = EXCLUDED.confidence, sources = EXCLUDED.sources, provenance = EXCLUDED.provenance,\n    enriched_at = EXCLUDED.enriched_at\n  WHERE :replace!::boolean\n), team AS (\n  INSERT INTO team_companies (team_id, domain, enriched_at)\n  SELECT :teamId!::text, :domain!::text, :enrichedAt!::timestamp FROM ended\n  ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at\n)\nSELECT batch_id AS \"batchId\", domain AS \"domain!\", end_seq AS \"endSeq\", deliveries AS \"deliveries!\",\n  completed, failed, pending\nFROM ended"};

/**
 * Query generated from SQL:
 * ```
 * WITH ended AS (
 *   SELECT * FROM end_job(:jobId!::uuid, 'completed', :enrichedAt!::timestamp, NULL, NULL)
 * ), company AS (
 *   INSERT INTO companies (domain, name, description, industry, employee_count, location, business_stage, funding_status,
 *     founded_year, logo_url, email, phone, social_profiles, technologies, insights, b2b_match, confidence, sources,
 *     provenance, enriched_at)
 *   SELECT :domain!::text, :name::text, :description::text, :industry::text, :employeeCount::text, :location::text,
 *     :businessStage::text, :fundingStatus::text, :foundedYear::int, :logoUrl::text, :email::text, :phone::text,
 *     :socialProfiles!::jsonb, :technologies!::text[], :insights::jsonb, :b2bMatch::jsonb, :confidence!::int,
 *     :sources!::text[], :provenance!::jsonb, :enrichedAt!::timestamp
 *   FROM ended
 *   ON CONFLICT (domain) DO UPDATE SET
 *     name = EXCLUDED.name, description = EXCLUDED.description, industry = EXCLUDED.industry,
 *     employee_count = EXCLUDED.employee_count, location = EXCLUDED.location, business_stage = EXCLUDED.business_stage,
 *     funding_status = EXCLUDED.funding_status, founded_year = EXCLUDED.founded_year, logo_url = EXCLUDED.logo_url,
 *     email = EXCLUDED.email, phone = EXCLUDED.phone, social_profiles = EXCLUDED.social_profiles,
 *     technologies = EXCLUDED.technologies, insights = EXCLUDED.insights, b2b_match = EXCLUDED.b2b_match,
 *     confidence = EXCLUDED.confidence, sources = EXCLUDED.sources, provenance = EXCLUDED.provenance,
 *     enriched_at = EXCLUDED.enriched_at
 *   WHERE :replace!::boolean
 * ), team AS (
 *   INSERT INTO team_companies (team_id, domain, enriched_at)
 *   SELECT :teamId!::text, :domain!::text, :enrichedAt!::timestamp FROM ended
 *   ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at
 * )
 * SELECT batch_id AS "batchId", domain AS "domain!", end_seq AS "endSeq", deliveries AS "deliveries!",
 *   completed, failed, pending
 * FROM ended
 * ```
 */
export const completeWithCompany = new PreparedQuery<ICompleteWithCompanyParams,ICompleteWithCompanyResult>(completeWithCompanyIR);


