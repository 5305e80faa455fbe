-- One run per domain (issue 24). The admission statement (packages/jobs/src/job-store.ts,
-- admitJobs) first locks the row of each of its domains here, so that two admissions of one
-- domain arriving together run one after the other; a row is written by the domain's first
-- admission and kept, only ever locked.
CREATE TABLE "admission_domains" (
    "domain" TEXT NOT NULL,

    CONSTRAINT "admission_domains_pkey" PRIMARY KEY ("domain")
);

-- The two questions admission asks after taking those locks. A statement reads the database as
-- it was when the statement began, before it waited on the locks; these functions are
-- VOLATILE PL/pgSQL, so each query in them takes a snapshot of its own, when it runs: an
-- admission that waited on a domain's lock sees the jobs of the admission it waited for.

-- For each domain, in order, the job whose run a new job of it follows: the oldest job of the
-- domain still processing that runs on its own (by any team); NULL when there is none.
CREATE FUNCTION running_leaders(domains text[]) RETURNS uuid[]
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  -- Per domain, its running leaders planned as a whole (OFFSET 0), then the first. With
  -- ORDER BY ... LIMIT 1 on the table itself, the planner took a domain in many jobs to come up
  -- early in a walk of the (status, created_at) index, and that walk read every older running
  -- job first.
  RETURN ARRAY(
    SELECT (SELECT leader.id FROM (
        SELECT l.id, l.created_at FROM enrichment_jobs l
        WHERE l.domain = d.domain AND l.status = 'processing' AND l.follows_job_id IS NULL OFFSET 0
      ) leader ORDER BY leader.created_at LIMIT 1)
    FROM unnest(domains) WITH ORDINALITY AS d(domain, position)
    ORDER BY d.position);
END $$;

-- For each (team, domain) pair, in order, whether the team submitted the domain since `since`
-- in a job that did not fail: a new submission of it is then a duplicate, free of charge. A
-- probe per pair, stopping at the first job found (a domain submitted again and again has
-- many). Run by EXECUTE, so planned on each call with the real values: on a new database,
-- never analyzed, a kept generic plan took the (team_id, created_at) index and read every job
-- of the team on each probe as the table grew.
CREATE FUNCTION submitted_since(teams text[], domains text[], since timestamp) RETURNS boolean[]
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  found boolean[];
BEGIN
  EXECUTE $q$
    SELECT coalesce(array_agg(coalesce((
        SELECT true FROM enrichment_jobs j
        WHERE j.team_id = a.team_id AND j.domain = a.domain AND j.created_at >= $3 AND j.status <> 'failed'
        LIMIT 1), false) ORDER BY a.position), '{}')
    FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS a(team_id, domain, position)
  $q$ INTO found USING teams, domains, since;
  RETURN found;
END $$;
