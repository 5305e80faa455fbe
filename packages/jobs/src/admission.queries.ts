/** Types generated for queries found in "packages/jobs/src/admission.sql" */
import { PreparedQuery } from '@enrich/db';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type booleanArray = (boolean)[];

export type stringArray = (string)[];

/** 'AdmitJobs' parameters type */
export interface IAdmitJobsParams {
  batchId?: string | null | void;
  batchWebhookSecret?: string | null | void;
  batchWebhookUrl?: string | null | void;
  createdAt: DateOrString;
  domains: stringArray;
  duplicateEntries: number;
  duplicateSince?: DateOrString | null | void;
  entriesReceived: number;
  entryDuplicates: booleanArray;
  entryInputs: Json;
  entryJobs: Json;
  freshAfter?: DateOrString | null | void;
  inputColumns: stringArray;
  invalidEntries: Json;
  jobIds: stringArray;
  month: DateOrString;
  monthlyQuota?: number | null | void;
  teamId: string;
  webhookSecrets: Json;
  webhookUrls: Json;
}

/** 'AdmitJobs' return type */
export interface IAdmitJobsResult {
  charge: number;
  charged: booleanArray;
  deliveries: stringArray;
  fresh: booleanArray;
  ok: boolean;
  used: number | null;
}

/** 'AdmitJobs' query type */
export interface IAdmitJobsQuery {
  params: IAdmitJobsParams;
  result: IAdmitJobsResult;
}

const admitJobsIR: any = {"usedParamSet":{"domains":true,"duplicateSince":true,"teamId":true,"freshAfter":true,"jobIds":true,"webhookUrls":true,"webhookSecrets":true,"month":true,"monthlyQuota":true,"batchId":true,"entriesReceived":true,"invalidEntries":true,"duplicateEntries":true,"inputColumns":true,"createdAt":true,"batchWebhookUrl":true,"batchWebhookSecret":true,"entryInputs":true,"entryJobs":true,"entryDuplicates":true},"params":[{"name":"domains","required":true,"transform":{"type":"scalar"},"locs":[{"a":443,"b":451},{"a":809,"b":817},{"a":965,"b":973},{"a":987,"b":995},{"a":1860,"b":1868}]},{"name":"duplicateSince","required":false,"transform":{"type":"scalar"},"locs":[{"a":854,"b":868},{"a":1006,"b":1020}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":931,"b":938},{"a":2505,"b":2512},{"a":3178,"b":3185},{"a":3939,"b":3946},{"a":6058,"b":6065}]},{"name":"freshAfter","required":false,"transform":{"type":"scalar"},"locs":[{"a":1379,"b":1389},{"a":1519,"b":1529}]},{"name":"jobIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":1834,"b":1841},{"a":5574,"b":5581}]},{"name":"webhookUrls","required":true,"transform":{"type":"scalar"},"locs":[{"a":1912,"b":1924}]},{"name":"webhookSecrets","required":true,"transform":{"type":"scalar"},"locs":[{"a":1961,"b":1976}]},{"name":"month","required":true,"transform":{"type":"scalar"},"locs":[{"a":2515,"b":2521}]},{"name":"monthlyQuota","required":false,"transform":{"type":"scalar"},"locs":[{"a":2577,"b":2589},{"a":2619,"b":2631},{"a":2756,"b":2768},{"a":2837,"b":2849}]},{"name":"batchId","required":false,"transform":{"type":"scalar"},"locs":[{"a":3162,"b":3169},{"a":3547,"b":3554},{"a":3949,"b":3956},{"a":3975,"b":3982},{"a":5517,"b":5524},{"a":5845,"b":5852}]},{"name":"entriesReceived","required":true,"transform":{"type":"scalar"},"locs":[{"a":3188,"b":3204}]},{"name":"invalidEntries","required":true,"transform":{"type":"scalar"},"locs":[{"a":3212,"b":3227}]},{"name":"duplicateEntries","required":true,"transform":{"type":"scalar"},"locs":[{"a":3237,"b":3254}]},{"name":"inputColumns","required":true,"transform":{"type":"scalar"},"locs":[{"a":3262,"b":3275}]},{"name":"createdAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":3290,"b":3300},{"a":3457,"b":3467},{"a":4054,"b":4064},{"a":4213,"b":4223},{"a":4271,"b":4281},{"a":4936,"b":4946},{"a":5331,"b":5341},{"a":6081,"b":6091}]},{"name":"batchWebhookUrl","required":false,"transform":{"type":"scalar"},"locs":[{"a":3489,"b":3504}]},{"name":"batchWebhookSecret","required":false,"transform":{"type":"scalar"},"locs":[{"a":3513,"b":3531}]},{"name":"entryInputs","required":true,"transform":{"type":"scalar"},"locs":[{"a":5664,"b":5676}]},{"name":"entryJobs","required":true,"transform":{"type":"scalar"},"locs":[{"a":5713,"b":5723}]},{"name":"entryDuplicates","required":true,"transform":{"type":"scalar"},"locs":[{"a":5747,"b":5763}]}],"statement":"WITH locked AS (\n  -- Row locks, not advisory locks: a 1,000-domain batch would hold a thousand entries of the\n  -- server's shared lock table (64 per connection by default), where a row lock takes none.\n  -- An ON CONFLICT DO UPDATE locks the row it meets even when its WHERE updates nothing; the\n  -- first admissions of a new domain wait on each other's insert.\n  INSERT INTO admission_domains (domain)\n  SELECT DISTINCT domain FROM unnest(:domains!::text[]) AS domain ORDER BY domain\n  ON CONFLICT (domain) DO UPDATE SET domain = EXCLUDED.domain WHERE false\n  RETURNING domain\n), asked AS (\n  -- Asked once the locks are held: counting drives the locking to its end, and the functions\n  -- are called for the count's one row. Each answers per domain, in the order of the domains.\n  SELECT running_leaders(:domains!::text[]) AS leaders,\n    CASE WHEN :duplicateSince::timestamp IS NOT NULL\n      THEN submitted_since(array_fill(:teamId!::text, ARRAY[cardinality(:domains!::text[])]), :domains!::text[], :duplicateSince::timestamp) END AS recent\n  FROM (SELECT count(*) FROM locked) lock_held\n), items AS (\n  SELECT item.id, item.domain, item.position, item.webhook_url, item.webhook_secret,\n    -- A scalar subquery, not EXISTS: EXISTS may be planned as a hash of every fresh company,\n    -- and a plan cached while the table was small would go on hashing it as it grows.\n    :freshAfter::timestamp IS NOT NULL AND coalesce((\n      SELECT true FROM companies c\n      WHERE c.domain = item.domain AND c.enriched_at > :freshAfter::timestamp AND cardinality(c.sources) > 0), false) AS fresh,\n    -- A domain listed twice (single submissions admitted together): the first one leads, and\n    -- only it may be charged.\n    first_value(item.id) OVER (PARTITION BY item.domain ORDER BY item.position) AS first_id\n  FROM ROWS FROM (unnest(:jobIds!::uuid[]), unnest(:domains!::text[]),\n      jsonb_array_elements_text(:webhookUrls!::jsonb), jsonb_array_elements_text(:webhookSecrets!::jsonb))\n    WITH ORDINALITY AS item(id, domain, webhook_url, webhook_secret, position)\n), charges AS (\n  SELECT item.*,\n    item.id = item.first_id AND NOT coalesce(asked.recent[item.position], false) AS charged,\n    CASE WHEN NOT item.fresh THEN coalesce(asked.leaders[item.position], nullif(item.first_id, item.id)) END AS leader\n  FROM items item CROSS JOIN asked\n), charge AS (\n  SELECT count(*) FILTER (WHERE charged)::int AS n FROM charges\n), quota AS (\n  INSERT INTO usage_months (team_id, month, enrichments)\n  SELECT :teamId!, :month!::date, charge.n FROM charge\n  WHERE charge.n > 0 AND (:monthlyQuota::int IS NULL OR charge.n <= :monthlyQuota::int)\n  ON CONFLICT (team_id, month) DO UPDATE SET enrichments = usage_months.enrichments + EXCLUDED.enrichments\n    WHERE :monthlyQuota::int IS NULL OR usage_months.enrichments + EXCLUDED.enrichments <= :monthlyQuota::int\n  RETURNING enrichments\n), admitted AS (\n  SELECT (SELECT n FROM charge) = 0 OR EXISTS (SELECT 1 FROM quota) AS ok\n), new_batch AS (\n  INSERT INTO batches (id, team_id, entries_received, invalid_entries, duplicate_entries, input_columns, created_at, completed_at,\n    webhook_url, webhook_secret)\n  SELECT :batchId::text, :teamId!, :entriesReceived!::int, :invalidEntries!::jsonb, :duplicateEntries!::int, :inputColumns!::text[],\n    :createdAt!::timestamp,\n    -- A batch with nothing to enrich is complete as soon as it exists.\n    CASE WHEN coalesce((SELECT bool_and(fresh) FROM items), true) THEN :createdAt!::timestamp END,\n    :batchWebhookUrl::text, :batchWebhookSecret::text\n  WHERE :batchId::text IS NOT NULL AND (SELECT ok FROM admitted)\n  RETURNING team_id, NULL::uuid AS job_id, id AS batch_id, webhook_url AS url, webhook_secret AS secret, completed_at\n), new_jobs AS (\n  INSERT INTO enrichment_jobs (id, team_id, batch_id, batch_position, domain, created_at, charged, status, started_at, completed_at,\n    follows_job_id, webhook_url, webhook_secret)\n  SELECT item.id, :teamId!, :batchId::text, CASE WHEN :batchId::text IS NOT NULL THEN (item.position - 1)::int END,\n    item.domain, :createdAt!::timestamp, item.charged,\n    CASE WHEN item.fresh THEN 'completed'::\"JobStatus\" ELSE 'processing'::\"JobStatus\" END,\n    CASE WHEN item.fresh THEN :createdAt!::timestamp END,\n    CASE WHEN item.fresh THEN :createdAt!::timestamp END,\n    item.leader,\n    item.webhook_url, item.webhook_secret\n  FROM charges item WHERE (SELECT ok FROM admitted)\n  RETURNING team_id, id AS job_id, batch_id, webhook_url AS url, webhook_secret AS secret, status\n), owed_jobs AS (\n  -- Jobs answered from a fresh record end here: their job.completed is owed now.\n  -- Their batch as new_batch wrote it (NULL for a single submission): read from there, so that\n  -- the batch row exists before the deliveries that name it are written.\n  SELECT owe_webhook_deliveries('job.completed', array_agg(s.team_id), array_agg(s.job_id), array_agg(b.batch_id),\n    array_agg(s.url), array_agg(s.secret), :createdAt!::timestamp) AS id\n  FROM new_jobs s LEFT JOIN new_batch b ON b.batch_id = s.batch_id WHERE s.status = 'completed'\n), owed_batch AS (\n  -- A batch with nothing to enrich is complete at once: its batch.completed is owed now.\n  SELECT owe_webhook_deliveries('batch.completed', array_agg(s.team_id), array_agg(s.job_id), array_agg(s.batch_id),\n    array_agg(s.url), array_agg(s.secret), :createdAt!::timestamp) AS id\n  FROM new_batch s WHERE s.completed_at IS NOT NULL\n), new_entries AS (\n  INSERT INTO batch_entries (batch_id, position, input, job_id, duplicate)\n  SELECT :batchId::text, (entry.position - 1)::int, entry.input, (:jobIds!::uuid[])[entry.job::int], entry.duplicate\n  FROM ROWS FROM (jsonb_array_elements(:entryInputs!::jsonb), jsonb_array_elements_text(:entryJobs!::jsonb),\n      unnest(:entryDuplicates!::bool[]))\n    WITH ORDINALITY AS entry(input, job, duplicate, position)\n  WHERE :batchId::text IS NOT NULL AND (SELECT ok FROM admitted)\n), listed AS (\n  -- The team gets a reused record in its search list at once.\n  INSERT INTO team_companies (team_id, domain, enriched_at)\n  SELECT DISTINCT :teamId!, item.domain, :createdAt!::timestamp FROM items item WHERE item.fresh AND (SELECT ok FROM admitted)\n  ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at\n)\nSELECT (SELECT ok FROM admitted) AS \"ok!\", (SELECT enrichments FROM quota) AS used, (SELECT n FROM charge) AS \"charge!\",\n  coalesce((SELECT array_agg(fresh ORDER BY position) FROM items), '{}') AS \"fresh!\",\n  coalesce((SELECT array_agg(charged ORDER BY position) FROM charges), '{}') AS \"charged!\",\n  coalesce((SELECT array_agg(id) FROM (SELECT id FROM owed_jobs UNION ALL SELECT id FROM owed_batch) owed), '{}') AS \"deliveries!\"                                                                                                                                                                                                         "};

/**
 * Query generated from SQL:
 * ```
 * WITH locked AS (
 *   -- Row locks, not advisory locks: a 1,000-domain batch would hold a thousand entries of the
 *   -- server's shared lock table (64 per connection by default), where a row lock takes none.
 *   -- An ON CONFLICT DO UPDATE locks the row it meets even when its WHERE updates nothing; the
 *   -- first admissions of a new domain wait on each other's insert.
 *   INSERT INTO admission_domains (domain)
 *   SELECT DISTINCT domain FROM unnest(:domains!::text[]) AS domain ORDER BY domain
 *   ON CONFLICT (domain) DO UPDATE SET domain = EXCLUDED.domain WHERE false
 *   RETURNING domain
 * ), asked AS (
 *   -- Asked once the locks are held: counting drives the locking to its end, and the functions
 *   -- are called for the count's one row. Each answers per domain, in the order of the domains.
 *   SELECT running_leaders(:domains!::text[]) AS leaders,
 *     CASE WHEN :duplicateSince::timestamp IS NOT NULL
 *       THEN submitted_since(array_fill(:teamId!::text, ARRAY[cardinality(:domains!::text[])]), :domains!::text[], :duplicateSince::timestamp) END AS recent
 *   FROM (SELECT count(*) FROM locked) lock_held
 * ), items AS (
 *   SELECT item.id, item.domain, item.position, item.webhook_url, item.webhook_secret,
 *     -- A scalar subquery, not EXISTS: EXISTS may be planned as a hash of every fresh company,
 *     -- and a plan cached while the table was small would go on hashing it as it grows.
 *     :freshAfter::timestamp IS NOT NULL AND coalesce((
 *       SELECT true FROM companies c
 *       WHERE c.domain = item.domain AND c.enriched_at > :freshAfter::timestamp AND cardinality(c.sources) > 0), false) AS fresh,
 *     -- A domain listed twice (single submissions admitted together): the first one leads, and
 *     -- only it may be charged.
 *     first_value(item.id) OVER (PARTITION BY item.domain ORDER BY item.position) AS first_id
 *   FROM ROWS FROM (unnest(:jobIds!::uuid[]), unnest(:domains!::text[]),
 *       jsonb_array_elements_text(:webhookUrls!::jsonb), jsonb_array_elements_text(:webhookSecrets!::jsonb))
 *     WITH ORDINALITY AS item(id, domain, webhook_url, webhook_secret, position)
 * ), charges AS (
 *   SELECT item.*,
 *     item.id = item.first_id AND NOT coalesce(asked.recent[item.position], false) AS charged,
 *     CASE WHEN NOT item.fresh THEN coalesce(asked.leaders[item.position], nullif(item.first_id, item.id)) END AS leader
 *   FROM items item CROSS JOIN asked
 * ), charge AS (
 *   SELECT count(*) FILTER (WHERE charged)::int AS n FROM charges
 * ), quota AS (
 *   INSERT INTO usage_months (team_id, month, enrichments)
 *   SELECT :teamId!, :month!::date, charge.n FROM charge
 *   WHERE charge.n > 0 AND (:monthlyQuota::int IS NULL OR charge.n <= :monthlyQuota::int)
 *   ON CONFLICT (team_id, month) DO UPDATE SET enrichments = usage_months.enrichments + EXCLUDED.enrichments
 *     WHERE :monthlyQuota::int IS NULL OR usage_months.enrichments + EXCLUDED.enrichments <= :monthlyQuota::int
 *   RETURNING enrichments
 * ), admitted AS (
 *   SELECT (SELECT n FROM charge) = 0 OR EXISTS (SELECT 1 FROM quota) AS ok
 * ), new_batch AS (
 *   INSERT INTO batches (id, team_id, entries_received, invalid_entries, duplicate_entries, input_columns, created_at, completed_at,
 *     webhook_url, webhook_secret)
 *   SELECT :batchId::text, :teamId!, :entriesReceived!::int, :invalidEntries!::jsonb, :duplicateEntries!::int, :inputColumns!::text[],
 *     :createdAt!::timestamp,
 *     -- A batch with nothing to enrich is complete as soon as it exists.
 *     CASE WHEN coalesce((SELECT bool_and(fresh) FROM items), true) THEN :createdAt!::timestamp END,
 *     :batchWebhookUrl::text, :batchWebhookSecret::text
 *   WHERE :batchId::text IS NOT NULL AND (SELECT ok FROM admitted)
 *   RETURNING team_id, NULL::uuid AS job_id, id AS batch_id, webhook_url AS url, webhook_secret AS secret, completed_at
 * ), new_jobs AS (
 *   INSERT INTO enrichment_jobs (id, team_id, batch_id, batch_position, domain, created_at, charged, status, started_at, completed_at,
 *     follows_job_id, webhook_url, webhook_secret)
 *   SELECT item.id, :teamId!, :batchId::text, CASE WHEN :batchId::text IS NOT NULL THEN (item.position - 1)::int END,
 *     item.domain, :createdAt!::timestamp, item.charged,
 *     CASE WHEN item.fresh THEN 'completed'::"JobStatus" ELSE 'processing'::"JobStatus" END,
 *     CASE WHEN item.fresh THEN :createdAt!::timestamp END,
 *     CASE WHEN item.fresh THEN :createdAt!::timestamp END,
 *     item.leader,
 *     item.webhook_url, item.webhook_secret
 *   FROM charges item WHERE (SELECT ok FROM admitted)
 *   RETURNING team_id, id AS job_id, batch_id, webhook_url AS url, webhook_secret AS secret, status
 * ), owed_jobs AS (
 *   -- Jobs answered from a fresh record end here: their job.completed is owed now.
 *   -- Their batch as new_batch wrote it (NULL for a single submission): read from there, so that
 *   -- the batch row exists before the deliveries that name it are written.
 *   SELECT owe_webhook_deliveries('job.completed', array_agg(s.team_id), array_agg(s.job_id), array_agg(b.batch_id),
 *     array_agg(s.url), array_agg(s.secret), :createdAt!::timestamp) AS id
 *   FROM new_jobs s LEFT JOIN new_batch b ON b.batch_id = s.batch_id WHERE s.status = 'completed'
 * ), owed_batch AS (
 *   -- A batch with nothing to enrich is complete at once: its batch.completed is owed now.
 *   SELECT owe_webhook_deliveries('batch.completed', array_agg(s.team_id), array_agg(s.job_id), array_agg(s.batch_id),
 *     array_agg(s.url), array_agg(s.secret), :createdAt!::timestamp) AS id
 *   FROM new_batch s WHERE s.completed_at IS NOT NULL
 * ), new_entries AS (
 *   INSERT INTO batch_entries (batch_id, position, input, job_id, duplicate)
 *   SELECT :batchId::text, (entry.position - 1)::int, entry.input, (:jobIds!::uuid[])[entry.job::int], entry.duplicate
 *   FROM ROWS FROM (jsonb_array_elements(:entryInputs!::jsonb), jsonb_array_elements_text(:entryJobs!::jsonb),
 *       unnest(:entryDuplicates!::bool[]))
 *     WITH ORDINALITY AS entry(input, job, duplicate, position)
 *   WHERE :batchId::text IS NOT NULL AND (SELECT ok FROM admitted)
 * ), listed AS (
 *   -- The team gets a reused record in its search list at once.
 *   INSERT INTO team_companies (team_id, domain, enriched_at)
 *   SELECT DISTINCT :teamId!, item.domain, :createdAt!::timestamp FROM items item WHERE item.fresh AND (SELECT ok FROM admitted)
 *   ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at
 * )
 * SELECT (SELECT ok FROM admitted) AS "ok!", (SELECT enrichments FROM quota) AS used, (SELECT n FROM charge) AS "charge!",
 *   coalesce((SELECT array_agg(fresh ORDER BY position) FROM items), '{}') AS "fresh!",
 *   coalesce((SELECT array_agg(charged ORDER BY position) FROM charges), '{}') AS "charged!",
 *   coalesce((SELECT array_agg(id) FROM (SELECT id FROM owed_jobs UNION ALL SELECT id FROM owed_batch) owed), '{}') AS "deliveries!"                                                                                                                                                                                                         
 * ```
 */
export const admitJobs = new PreparedQuery<IAdmitJobsParams,IAdmitJobsResult>(admitJobsIR);


/** 'DeleteJobs' parameters type */
export interface IDeleteJobsParams {
  jobIds: stringArray;
}

/** 'DeleteJobs' return type */
export type IDeleteJobsResult = void;

/** 'DeleteJobs' query type */
export interface IDeleteJobsQuery {
  params: IDeleteJobsParams;
  result: IDeleteJobsResult;
}

const deleteJobsIR: any = {"usedParamSet":{"jobIds":true},"params":[{"name":"jobIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":43,"b":50}]}],"statement":"DELETE FROM enrichment_jobs WHERE id = ANY(:jobIds!::uuid[])"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM enrichment_jobs WHERE id = ANY(:jobIds!::uuid[])
 * ```
 */
export const deleteJobs = new PreparedQuery<IDeleteJobsParams,IDeleteJobsResult>(deleteJobsIR);


/** 'DeleteBatch' parameters type */
export interface IDeleteBatchParams {
  batchId: string;
}

/** 'DeleteBatch' return type */
export interface IDeleteBatchResult {
  id: string;
}

/** 'DeleteBatch' query type */
export interface IDeleteBatchQuery {
  params: IDeleteBatchParams;
  result: IDeleteBatchResult;
}

const deleteBatchIR: any = {"usedParamSet":{"batchId":true},"params":[{"name":"batchId","required":true,"transform":{"type":"scalar"},"locs":[{"a":31,"b":39}]}],"statement":"DELETE FROM batches WHERE id = :batchId! RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM batches WHERE id = :batchId! RETURNING id
 * ```
 */
export const deleteBatch = new PreparedQuery<IDeleteBatchParams,IDeleteBatchResult>(deleteBatchIR);


/** 'ReleaseCharge' parameters type */
export interface IReleaseChargeParams {
  count: number;
  month: DateOrString;
  teamId: string;
}

/** 'ReleaseCharge' return type */
export type IReleaseChargeResult = void;

/** 'ReleaseCharge' query type */
export interface IReleaseChargeQuery {
  params: IReleaseChargeParams;
  result: IReleaseChargeResult;
}

const releaseChargeIR: any = {"usedParamSet":{"count":true,"teamId":true,"month":true},"params":[{"name":"count","required":true,"transform":{"type":"scalar"},"locs":[{"a":64,"b":70}]},{"name":"teamId","required":true,"transform":{"type":"scalar"},"locs":[{"a":94,"b":101}]},{"name":"month","required":true,"transform":{"type":"scalar"},"locs":[{"a":115,"b":121}]}],"statement":"UPDATE usage_months SET enrichments = GREATEST(0, enrichments - :count!::int)\nWHERE team_id = :teamId! AND month = :month!::date"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE usage_months SET enrichments = GREATEST(0, enrichments - :count!::int)
 * WHERE team_id = :teamId! AND month = :month!::date
 * ```
 */
export const releaseCharge = new PreparedQuery<IReleaseChargeParams,IReleaseChargeResult>(releaseChargeIR);


