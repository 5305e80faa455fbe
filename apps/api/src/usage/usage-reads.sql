/*
  GET /usage (usage-view.ts): the jobs admission charged (enrichment_jobs.charged), per UTC day
  since :since: an index-only scan of the partial index on (team_id, created_at) WHERE charged.
*/
/* @name DailyEnrichments */
SELECT to_char(created_at, 'YYYY-MM-DD') AS "day!", count(*)::int AS "enrichments!"
FROM enrichment_jobs
WHERE team_id = :teamId! AND charged AND created_at >= :since!::timestamp
GROUP BY 1;
