-- One run per domain (issue 24). Admissions of one domain lock its row here before they look
-- for its leader, so that two admissions arriving together run one after the other and the
-- second sees the first's jobs (packages/jobs/src/job-store.ts, admitJobs). A row is written by
-- the domain's first admission and kept: it is only ever locked, never changed.
CREATE TABLE "admission_domains" (
    "domain" TEXT NOT NULL,

    CONSTRAINT "admission_domains_pkey" PRIMARY KEY ("domain")
);
