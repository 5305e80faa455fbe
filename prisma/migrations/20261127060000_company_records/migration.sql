-- A company's record as the typed statements read it (the `.sql` files beside the read modules,
-- typed by pgtyped): each column the record is made of as "c_<field>", the one column-to-field
-- map of those statements; job-answer.ts (CompanyColumns, storedCompany) holds it to the
-- record's fields at compile time. c_version is the company's version: updated_at as text
-- (microseconds; a JS Date keeps milliseconds). A plain view: the planner reads companies itself.
CREATE VIEW company_records AS
SELECT domain AS c_domain, name AS c_name, description AS c_description, industry AS c_industry,
  employee_count AS "c_employeeCount", location AS c_location, business_stage AS "c_businessStage",
  funding_status AS "c_fundingStatus", founded_year AS "c_foundedYear", logo_url AS "c_logoUrl",
  email AS c_email, phone AS c_phone, social_profiles AS "c_socialProfiles", technologies AS c_technologies,
  insights AS c_insights, b2b_match AS "c_b2bMatch", confidence AS c_confidence, sources AS c_sources,
  provenance AS c_provenance, updated_at::text AS c_version
FROM companies;

-- A batch's items counted by state (an index-only scan of batch_id, status): what the poll, the
-- list of batches, the event streams, batch.completed and the job store count, spelled once.
-- count(*) with a filter, so a batch without jobs counts zeros. A plain SQL function the
-- planner inlines into the statement that calls it.
CREATE FUNCTION batch_item_counts(batch text) RETURNS TABLE (completed int, failed int, pending int)
LANGUAGE sql STABLE AS $$
  SELECT count(*) FILTER (WHERE status = 'completed')::int, count(*) FILTER (WHERE status = 'failed')::int,
    count(*) FILTER (WHERE status = 'processing')::int
  FROM enrichment_jobs WHERE batch_id = batch
$$;
