/*
  Completes the job (the database's end_job, in packages/jobs) and, only when it did, writes the
  domain's one company row and the team's entry in its list of companies (which search covers;
  its search columns are a trigger's), in one statement: the record a poll reads is there as
  soon as the job says completed, and a job that had ended already writes nothing. :replace
  false keeps an existing company row as it is (a site that could not be read this time does
  not wipe what an earlier run found); the row is still inserted when there is none.
  updated_at is the companies_version trigger's.
*/
/* @name CompleteWithCompany */
WITH ended AS (
  SELECT * FROM end_job(:jobId!::uuid, 'completed', :enrichedAt!::timestamp, NULL, NULL)
), company AS (
  INSERT INTO companies (domain, name, description, industry, employee_count, location, business_stage, funding_status,
    founded_year, logo_url, email, phone, social_profiles, technologies, insights, b2b_match, confidence, sources,
    provenance, enriched_at)
  SELECT :domain!::text, :name::text, :description::text, :industry::text, :employeeCount::text, :location::text,
    :businessStage::text, :fundingStatus::text, :foundedYear::int, :logoUrl::text, :email::text, :phone::text,
    :socialProfiles!::jsonb, :technologies!::text[], :insights::jsonb, :b2bMatch::jsonb, :confidence!::int,
    :sources!::text[], :provenance!::jsonb, :enrichedAt!::timestamp
  FROM ended
  ON CONFLICT (domain) DO UPDATE SET
    name = EXCLUDED.name, description = EXCLUDED.description, industry = EXCLUDED.industry,
    employee_count = EXCLUDED.employee_count, location = EXCLUDED.location, business_stage = EXCLUDED.business_stage,
    funding_status = EXCLUDED.funding_status, founded_year = EXCLUDED.founded_year, logo_url = EXCLUDED.logo_url,
    email = EXCLUDED.email, phone = EXCLUDED.phone, social_profiles = EXCLUDED.social_profiles,
    technologies = EXCLUDED.technologies, insights = EXCLUDED.insights, b2b_match = EXCLUDED.b2b_match,
    confidence = EXCLUDED.confidence, sources = EXCLUDED.sources, provenance = EXCLUDED.provenance,
    enriched_at = EXCLUDED.enriched_at
  WHERE :replace!::boolean
), team AS (
  INSERT INTO team_companies (team_id, domain, enriched_at)
  SELECT :teamId!::text, :domain!::text, :enrichedAt!::timestamp FROM ended
  ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at
)
SELECT batch_id AS "batchId", domain AS "domain!", end_seq AS "endSeq", deliveries AS "deliveries!",
  completed, failed, pending
FROM ended;
