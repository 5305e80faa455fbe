/*
  The company row finalize writes (finalize-step.ts), in the transaction that ends the job.
*/

/*
  The domain's one company row, inserted or replaced. :replace false keeps an existing row as
  it is (a site that could not be read this time does not wipe what an earlier run found);
  the row is still inserted when there is none. updated_at is the companies_version trigger's.
*/
/* @name UpsertCompany */
INSERT INTO companies (domain, name, description, industry, employee_count, location, business_stage, funding_status,
  founded_year, logo_url, email, phone, social_profiles, technologies, insights, b2b_match, confidence, sources,
  provenance, enriched_at)
VALUES (:domain!::text, :name::text, :description::text, :industry::text, :employeeCount::text, :location::text,
  :businessStage::text, :fundingStatus::text, :foundedYear::int, :logoUrl::text, :email::text, :phone::text,
  :socialProfiles!::jsonb, :technologies!::text[], :insights::jsonb, :b2bMatch::jsonb, :confidence!::int,
  :sources!::text[], :provenance!::jsonb, :enrichedAt!::timestamp)
ON CONFLICT (domain) DO UPDATE SET
  name = EXCLUDED.name, description = EXCLUDED.description, industry = EXCLUDED.industry,
  employee_count = EXCLUDED.employee_count, location = EXCLUDED.location, business_stage = EXCLUDED.business_stage,
  funding_status = EXCLUDED.funding_status, founded_year = EXCLUDED.founded_year, logo_url = EXCLUDED.logo_url,
  email = EXCLUDED.email, phone = EXCLUDED.phone, social_profiles = EXCLUDED.social_profiles,
  technologies = EXCLUDED.technologies, insights = EXCLUDED.insights, b2b_match = EXCLUDED.b2b_match,
  confidence = EXCLUDED.confidence, sources = EXCLUDED.sources, provenance = EXCLUDED.provenance,
  enriched_at = EXCLUDED.enriched_at
WHERE :replace!::boolean;

/* The team's own list of companies, which search covers (its search columns are a trigger's). */
/* @name TouchTeamCompany */
INSERT INTO team_companies (team_id, domain, enriched_at)
VALUES (:teamId!::text, :domain!::text, :enrichedAt!::timestamp)
ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at;
