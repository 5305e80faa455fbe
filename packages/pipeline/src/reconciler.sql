/*
  What the reconciler reads each pass (reconciler.ts): jobs still processing after the grace
  period, oldest first, to check each against the queue store.
*/

/* @name StaleJobs */
SELECT id AS "id!", domain AS "domain!"
FROM enrichment_jobs
WHERE status = 'processing' AND created_at < :createdBefore!::timestamp
ORDER BY created_at
LIMIT :limit!::int;
