/*
  The company's stored record, its row locked until the transaction that replaces it commits:
  two refreshes of one domain ending together compare one after the other, so the second sees
  the first's record and a change is kept once (record-changes.ts).
*/
/* @name LockStoredCompany */
SELECT c.* FROM company_records c WHERE c.c_domain = :domain! FOR UPDATE;

/*
  The changes a refresh found, kept once for the domain with the job that found them; the last
  change of every monitor of the domain that watches one of them; and the company.changed each
  of those teams' endpoints is owed (owe_company_changed, migration 20261203000000_monitors),
  whose ids come back for the caller to queue once it has committed.
*/
/* @name RecordChanges */
WITH changes AS (
  INSERT INTO company_changes (id, domain, field, old_value, new_value, observed_at, sources, job_id)
  SELECT new_id('chg'), :domain!, c.field, c."oldValue", c."newValue", :observedAt!::timestamp,
    ARRAY(SELECT jsonb_array_elements_text(c.sources)), :jobId!::uuid
  FROM jsonb_to_recordset(:changes!::jsonb) AS c(field text, "oldValue" jsonb, "newValue" jsonb, sources jsonb)
), watching AS (
  UPDATE monitors SET last_changed_at = :observedAt!::timestamp, updated_at = :observedAt!::timestamp
  WHERE domain = :domain! AND monitor_watches(fields, :fields!::text[])
)
SELECT coalesce(array_agg(owed.id), '{}') AS "deliveries!"
FROM owe_company_changed(:domain!, :jobId!::uuid, :fields!::text[], :observedAt!::timestamp) AS owed(id);

/*
  How the check a monitor's job made went: its time, and failing with the error while the site
  could not be read (a monitor paused meanwhile stays paused). Only the monitors whose check it
  was: another team's refresh of the domain is not their check.
*/
/* @name RecordCheckOutcome */
UPDATE monitors SET
  last_checked_at = :at!::timestamp,
  state = (CASE WHEN state = 'paused' THEN 'paused' WHEN :errorCode::text IS NULL THEN 'active' ELSE 'failing' END)::"MonitorState",
  last_error_code = :errorCode::text,
  last_error_message = :errorMessage::text,
  updated_at = :at!::timestamp
WHERE check_job_id = :jobId!::uuid
RETURNING id, state;
