/* The start step's jobs that Postgres still has processing (start-step.ts). */

/* @name ProcessingJobs */
SELECT id AS "id!", domain AS "domain!"
FROM enrichment_jobs
WHERE id = ANY(:jobIds!::uuid[]) AND status = 'processing';
