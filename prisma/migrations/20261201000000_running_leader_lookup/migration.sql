-- running_leaders() (migration 20261126000000) is planned on each call, with the table as it is
-- then. PL/pgSQL keeps a statement's plan per connection and, after five calls, may keep a
-- generic one for good. While enrichment_jobs is young and never analyzed, the planner costs a
-- walk of the (status, created_at) index the same as a probe of the running-leader index (both
-- "1 row"), and a connection that kept the walk went on reading every processing job for each
-- domain it admitted until autovacuum's first ANALYZE: in bench:api's young database, one
-- connection in ten in 6 runs of 9, up to 76 ms a lookup at 11,545 jobs, PostgreSQL's CPU per
-- submission 0.37-0.66 ms against 0.18-0.21. Planned per call, the walk can only be chosen
-- while the table is small enough for it to be cheap.
ALTER FUNCTION running_leaders(text[]) SET plan_cache_mode = force_custom_plan;

-- The same index as enrichment_jobs_running_leader_idx (migration 20261126010000), made before
-- it by migration 20261121150000: every job admitted and every job's end wrote both.
DROP INDEX "enrichment_jobs_domain_running_idx";
