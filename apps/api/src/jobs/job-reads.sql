/*
  The job poll (job-view.ts), for every poll of one turn of the event loop at once
  (coalesced-lookup.ts): the team's job and, once completed, its company's record
  (company_records: each column as "c_<field>"). An input whose known version is still the
  company's gets the version and no record ('' knows none).
*/
/* @name PollJobs */
SELECT asked.n AS "n!", j.status, j.domain, j.created_at AS "createdAt", j.started_at AS "startedAt",
  j.completed_at AS "completedAt", j.error_code AS "errorCode", j.error_message AS "errorMessage",
  c.*
FROM unnest(:ids!::uuid[], :teamIds!::text[], :knownVersions!::text[]) WITH ORDINALITY AS asked(id, team_id, known, n)
CROSS JOIN LATERAL (SELECT * FROM enrichment_jobs j WHERE j.id = asked.id AND j.team_id = asked.team_id LIMIT 1) j
LEFT JOIN LATERAL (
  SELECT stored.c_version AS "companyVersion", record.* FROM company_records stored
  LEFT JOIN LATERAL (SELECT stored.* WHERE stored.c_version IS DISTINCT FROM asked.known) record ON true
  WHERE j.status = 'completed' AND stored.c_domain = j.domain LIMIT 1
) c ON true;

/* GET /enrich (job-list.ts): the team's single jobs, keyset on (created_at, id) over the partial index of single jobs (batch_id IS NULL). */
/* @name ListJobs */
SELECT id AS "jobId", domain, status, created_at AS "createdAt", completed_at AS "completedAt"
FROM enrichment_jobs
WHERE team_id = :teamId! AND batch_id IS NULL
  AND (:beforeAt::timestamp IS NULL OR (created_at, id) < (:beforeAt::timestamp, :beforeId::uuid))
ORDER BY created_at DESC, id DESC
LIMIT :limit!;

/*
  Of each (team, domain) pair, whether the team submitted the domain since :since in a job that
  did not fail (admission/recent-submissions.ts), for the submissions of one turn of the event
  loop, any team's, at once. The function plans its probes on each call (see its migration);
  admission asks the same one under its locks.
*/
/* @name RecentSubmissions */
SELECT submitted_since(:teamIds!::text[], :domains!::text[], :since!::timestamp) AS "found!";

/*
  The median of the most recent real runs of the pipeline, in milliseconds (estimate-duration.ts):
  the last :sample completed jobs that ran it (not answered at once, nor following another job's run).
*/
/* @name MedianRunMs */
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (completed_at - created_at)) * 1000)::float8 AS "medianMs"
FROM (
  SELECT completed_at, created_at FROM enrichment_jobs
  WHERE status = 'completed' AND completed_at > created_at AND follows_job_id IS NULL
  ORDER BY created_at DESC LIMIT :sample!
) recent;
