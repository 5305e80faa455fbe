/*
  What the pipeline's steps read and write of a job (source-results.ts): the job and every
  result its sources stored, in one statement, and one source's result stored (keyed by job and
  source, so a repeated step overwrites its own answer instead of adding another).
*/

/* @name JobForStep */
SELECT j.status::text AS "status!", j.team_id AS "teamId!", j.domain AS "domain!",
  j.follows_job_id AS "followsJobId", j.created_at AS "createdAt!",
  coalesce((SELECT jsonb_object_agg(r.source, r.data) FROM source_results r WHERE r.job_id = j.id), '{}'::jsonb) AS "sources!"
FROM enrichment_jobs j
WHERE j.id = :jobId!::uuid;

/* @name SaveSourceResult */
INSERT INTO source_results (job_id, source, data, fetched_at)
VALUES (:jobId!::uuid, :source!::text, :data!::jsonb, timezone('UTC', now()))
ON CONFLICT (job_id, source) DO UPDATE SET data = EXCLUDED.data, fetched_at = EXCLUDED.fetched_at;
