-- The running leaders of a domain (running_leaders(), migration 20261126000000), read by every
-- admission under its domain locks: an index of only the jobs still processing that run on their
-- own. Without it the lookup read every job of the domain, its followers too, and a domain
-- submitted again and again while it runs has thousands (bench:api, duplicate domain: 0.9 ms of
-- PostgreSQL per submission in some runs, as the cached plan chose).
CREATE INDEX "enrichment_jobs_running_leader_idx" ON "enrichment_jobs" ("domain", "created_at")
  WHERE "status" = 'processing' AND "follows_job_id" IS NULL;
