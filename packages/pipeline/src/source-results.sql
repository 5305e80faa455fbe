/*
  What the pipeline's steps read and write of a job (source-results.ts): the job and every
  result its sources stored, in one statement, and one source's result stored (keyed by job and
  source, so a repeated step overwrites its own answer instead of adding another).
*/

/*
  With :start, the job's attempt is also marked started (the database's mark_job_started) when
  it follows no other job and is still processing: `started` says whether it was. (A follower is
  marked by the step once it knows it will not wait for its leader.)
*/
/* @name JobForStep */
SELECT j.status::text AS "status!", j.team_id AS "teamId!", j.domain AS "domain!",
  j.follows_job_id AS "followsJobId", j.created_at AS "createdAt!",
  coalesce((SELECT jsonb_object_agg(r.source, r.data) FROM source_results r WHERE r.job_id = j.id), '{}'::jsonb) AS "sources!",
  CASE WHEN :start!::boolean AND j.follows_job_id IS NULL AND j.status = 'processing'
    THEN mark_job_started(j.id, :now!::timestamp) ELSE false END AS "started!"
FROM enrichment_jobs j
WHERE j.id = :jobId!::uuid;

/* @name SaveSourceResult */
INSERT INTO source_results (job_id, source, data, fetched_at)
VALUES (:jobId!::uuid, :source!::text, :data!::jsonb, timezone('UTC', now()))
ON CONFLICT (job_id, source) DO UPDATE SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at;

/*
  The AI source's result, stored as SaveSourceResult stores one, with what its calls spent
  added to the job's count (the database's add_ai_tokens), in one statement.
*/
/* @name SaveAiResult */
WITH saved AS (
  INSERT INTO source_results (job_id, source, data, fetched_at)
  VALUES (:jobId!::uuid, 'ai', :data!::jsonb, timezone('UTC', now()))
  ON CONFLICT (job_id, source) DO UPDATE SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at
)
SELECT add_ai_tokens(:jobId!::uuid, :inputTokens!::int, :outputTokens!::int) AS "spent";

/*
  A step's failure (:data) for each of :sources that has no result yet; the sources it was
  recorded for are returned.
*/
/* @name SaveSourceFailures */
INSERT INTO source_results (job_id, source, data, fetched_at)
SELECT :jobId!::uuid, source, :data!::jsonb, timezone('UTC', now()) FROM unnest(:sources!::text[]) AS source
ON CONFLICT (job_id, source) DO NOTHING
RETURNING source AS "source!";

/*
  A follower takes its leader's results (leader-results.ts): when the leader (:leaderId) has
  stored a result that is not a failure for every one of :sources, they are copied to the
  follower (:jobId), replacing what it had. Returns the leader's state (none: no such job) and
  how many results were copied (0 or all of them).
*/
/* @name CopyLeaderResults */
WITH usable AS (
  SELECT r.source, r.data, r.fetched_at FROM source_results r
  WHERE r.job_id = :leaderId!::uuid AND r.source = ANY(:sources!::text[]) AND r.data->>'status' IS DISTINCT FROM 'failed'
), copied AS (
  INSERT INTO source_results (job_id, source, data, fetched_at)
  SELECT :jobId!::uuid, u.source, u.data, u.fetched_at FROM usable u
  WHERE (SELECT count(*) FROM usable) = cardinality(:sources!::text[])
  ON CONFLICT (job_id, source) DO UPDATE SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at
  RETURNING 1
)
SELECT j.status::text AS "status!", (SELECT count(*) FROM copied)::int AS "copied!"
FROM enrichment_jobs j WHERE j.id = :leaderId!::uuid;
