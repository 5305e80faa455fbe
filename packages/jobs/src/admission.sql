/*
  The admission statement (admission.ts: admitJobs, which says what it does and why). Lists
  that hold NULLs are jsonb arrays, read with jsonb_array_elements_text (a JSON null is SQL
  NULL): :webhookUrls and :webhookSecrets (a job without a one-off webhook) and :entryJobs (an
  invalid entry, answered by no job). The other lists are arrays without NULLs. A delivery owed
  is written by the database's owe_webhook_deliveries (the one outbox insert) at :createdAt.
*/
/* @name AdmitJobs */
WITH locked AS (
  -- Row locks, not advisory locks: a 1,000-domain batch would hold a thousand entries of the
  -- server's shared lock table (64 per connection by default), where a row lock takes none.
  -- An ON CONFLICT DO UPDATE locks the row it meets even when its WHERE updates nothing; the
  -- first admissions of a new domain wait on each other's insert.
  INSERT INTO admission_domains (domain)
  SELECT DISTINCT domain FROM unnest(:domains!::text[]) AS domain ORDER BY domain
  ON CONFLICT (domain) DO UPDATE SET domain = EXCLUDED.domain WHERE false
  RETURNING domain
), asked AS (
  -- Asked once the locks are held: counting drives the locking to its end, and the functions
  -- are called for the count's one row. Each answers per domain, in the order of the domains.
  SELECT running_leaders(:domains!::text[]) AS leaders,
    CASE WHEN :duplicateSince::timestamp IS NOT NULL
      THEN submitted_since(array_fill(:teamId!::text, ARRAY[cardinality(:domains!::text[])]), :domains!::text[], :duplicateSince::timestamp) END AS recent
  FROM (SELECT count(*) FROM locked) lock_held
), items AS (
  SELECT item.id, item.domain, item.position, item.webhook_url, item.webhook_secret,
    -- A scalar subquery, not EXISTS: EXISTS may be planned as a hash of every fresh company,
    -- and a plan cached while the table was small would go on hashing it as it grows.
    :freshAfter::timestamp IS NOT NULL AND coalesce((
      SELECT true FROM companies c
      WHERE c.domain = item.domain AND c.enriched_at > :freshAfter::timestamp AND cardinality(c.sources) > 0), false) AS fresh,
    -- A domain listed twice (single submissions admitted together): the first one leads, and
    -- only it may be charged.
    first_value(item.id) OVER (PARTITION BY item.domain ORDER BY item.position) AS first_id
  FROM ROWS FROM (unnest(:jobIds!::uuid[]), unnest(:domains!::text[]),
      jsonb_array_elements_text(:webhookUrls!::jsonb), jsonb_array_elements_text(:webhookSecrets!::jsonb))
    WITH ORDINALITY AS item(id, domain, webhook_url, webhook_secret, position)
), charges AS (
  SELECT item.*,
    item.id = item.first_id AND NOT coalesce(asked.recent[item.position], false) AS charged,
    CASE WHEN NOT item.fresh THEN coalesce(asked.leaders[item.position], nullif(item.first_id, item.id)) END AS leader
  FROM items item CROSS JOIN asked
), charge AS (
  SELECT count(*) FILTER (WHERE charged)::int AS n FROM charges
), quota AS (
  INSERT INTO usage_months (team_id, month, enrichments)
  SELECT :teamId!, :month!::date, charge.n FROM charge
  WHERE charge.n > 0 AND (:monthlyQuota::int IS NULL OR charge.n <= :monthlyQuota::int)
  ON CONFLICT (team_id, month) DO UPDATE SET enrichments = usage_months.enrichments + EXCLUDED.enrichments
    WHERE :monthlyQuota::int IS NULL OR usage_months.enrichments + EXCLUDED.enrichments <= :monthlyQuota::int
  RETURNING enrichments
), admitted AS (
  SELECT (SELECT n FROM charge) = 0 OR EXISTS (SELECT 1 FROM quota) AS ok
), new_batch AS (
  INSERT INTO batches (id, team_id, entries_received, invalid_entries, duplicate_entries, input_columns, created_at, completed_at,
    webhook_url, webhook_secret)
  SELECT :batchId::text, :teamId!, :entriesReceived!::int, :invalidEntries!::jsonb, :duplicateEntries!::int, :inputColumns!::text[],
    :createdAt!::timestamp,
    -- A batch with nothing to enrich is complete as soon as it exists.
    CASE WHEN coalesce((SELECT bool_and(fresh) FROM items), true) THEN :createdAt!::timestamp END,
    :batchWebhookUrl::text, :batchWebhookSecret::text
  WHERE :batchId::text IS NOT NULL AND (SELECT ok FROM admitted)
  RETURNING team_id, NULL::uuid AS job_id, id AS batch_id, webhook_url AS url, webhook_secret AS secret, completed_at
), new_jobs AS (
  INSERT INTO enrichment_jobs (id, team_id, batch_id, batch_position, domain, created_at, charged, status, started_at, completed_at,
    follows_job_id, webhook_url, webhook_secret)
  SELECT item.id, :teamId!, :batchId::text, CASE WHEN :batchId::text IS NOT NULL THEN (item.position - 1)::int END,
    item.domain, :createdAt!::timestamp, item.charged,
    CASE WHEN item.fresh THEN 'completed'::"JobStatus" ELSE 'processing'::"JobStatus" END,
    CASE WHEN item.fresh THEN :createdAt!::timestamp END,
    CASE WHEN item.fresh THEN :createdAt!::timestamp END,
    item.leader,
    item.webhook_url, item.webhook_secret
  FROM charges item WHERE (SELECT ok FROM admitted)
  RETURNING team_id, id AS job_id, batch_id, webhook_url AS url, webhook_secret AS secret, status
), owed_jobs AS (
  -- Jobs answered from a fresh record end here: their job.completed is owed now.
  -- Their batch as new_batch wrote it (NULL for a single submission): read from there, so that
  -- the batch row exists before the deliveries that name it are written.
  SELECT owe_webhook_deliveries('job.completed', array_agg(s.team_id), array_agg(s.job_id), array_agg(b.batch_id),
    array_agg(s.url), array_agg(s.secret), :createdAt!::timestamp) AS id
  FROM new_jobs s LEFT JOIN new_batch b ON b.batch_id = s.batch_id WHERE s.status = 'completed'
), owed_batch AS (
  -- A batch with nothing to enrich is complete at once: its batch.completed is owed now.
  SELECT owe_webhook_deliveries('batch.completed', array_agg(s.team_id), array_agg(s.job_id), array_agg(s.batch_id),
    array_agg(s.url), array_agg(s.secret), :createdAt!::timestamp) AS id
  FROM new_batch s WHERE s.completed_at IS NOT NULL
), new_entries AS (
  INSERT INTO batch_entries (batch_id, position, input, job_id, duplicate)
  SELECT :batchId::text, (entry.position - 1)::int, entry.input, (:jobIds!::uuid[])[entry.job::int], entry.duplicate
  FROM ROWS FROM (jsonb_array_elements(:entryInputs!::jsonb), jsonb_array_elements_text(:entryJobs!::jsonb),
      unnest(:entryDuplicates!::bool[]))
    WITH ORDINALITY AS entry(input, job, duplicate, position)
  WHERE :batchId::text IS NOT NULL AND (SELECT ok FROM admitted)
), listed AS (
  -- The team gets a reused record in its search list at once.
  INSERT INTO team_companies (team_id, domain, enriched_at)
  SELECT DISTINCT :teamId!, item.domain, :createdAt!::timestamp FROM items item WHERE item.fresh AND (SELECT ok FROM admitted)
  ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at
)
SELECT (SELECT ok FROM admitted) AS "ok!", (SELECT enrichments FROM quota) AS used, (SELECT n FROM charge) AS "charge!",
  coalesce((SELECT array_agg(fresh ORDER BY position) FROM items), '{}') AS "fresh!",
  coalesce((SELECT array_agg(charged ORDER BY position) FROM charges), '{}') AS "charged!",
  coalesce((SELECT array_agg(id) FROM (SELECT id FROM owed_jobs UNION ALL SELECT id FROM owed_batch) owed), '{}') AS "deliveries!";

/*
  An admission undone (admission.ts: undoAdmission), in one transaction: its job rows, its
  batch (its entries go with it), and the month's count lowered by what it charged (never
  below zero).
*/
/* @name DeleteJobs */
DELETE FROM enrichment_jobs WHERE id = ANY(:jobIds!::uuid[]);

/* @name DeleteBatch */
DELETE FROM batches WHERE id = :batchId! RETURNING id;

/* @name ReleaseCharge */
UPDATE usage_months SET enrichments = GREATEST(0, enrichments - :count!::int)
WHERE team_id = :teamId! AND month = :month!::date;
