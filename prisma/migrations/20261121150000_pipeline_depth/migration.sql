-- The pipeline at full depth (issue 4): the record's new fields, shared runs, AI token use.

-- What the site is built with, the AI source's insights and its B2B match {score, reasons}.
ALTER TABLE "companies"
    ADD COLUMN "technologies" TEXT[] NOT NULL DEFAULT '{}',
    ADD COLUMN "insights" JSONB,
    ADD COLUMN "b2b_match" JSONB;

-- A job submitted while another job for the same domain is running waits on that run
-- instead of scraping again: it follows the running job and completes when it does.
ALTER TABLE "enrichment_jobs"
    ADD COLUMN "follows_job_id" UUID,
    ADD COLUMN "ai_input_tokens" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "ai_output_tokens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "enrichment_jobs" ADD CONSTRAINT "enrichment_jobs_follows_job_id_fkey"
    FOREIGN KEY ("follows_job_id") REFERENCES "enrichment_jobs"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "enrichment_jobs_follows_job_id_idx" ON "enrichment_jobs"("follows_job_id");
-- Finding the running leader of a domain.
CREATE INDEX "enrichment_jobs_domain_running_idx" ON "enrichment_jobs"("domain", "created_at")
    WHERE "status" = 'processing' AND "follows_job_id" IS NULL;
