-- Bulk batches, company search, plan limits and monthly usage (issue 3).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE "teams"
    ADD COLUMN "rate_limit_per_minute" INTEGER,
    ADD COLUMN "rate_limit_per_day" INTEGER,
    ADD COLUMN "monthly_quota" INTEGER;

ALTER TABLE "batches"
    ADD COLUMN "entries_received" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "invalid_entries" JSONB NOT NULL DEFAULT '[]',
    ADD COLUMN "duplicate_entries" INTEGER NOT NULL DEFAULT 0;

ALTER TABLE "enrichment_jobs" ADD COLUMN "batch_position" INTEGER;
DROP INDEX "enrichment_jobs_batch_id_idx";
CREATE INDEX "enrichment_jobs_batch_id_batch_position_idx" ON "enrichment_jobs"("batch_id", "batch_position");
CREATE INDEX "enrichment_jobs_batch_id_status_idx" ON "enrichment_jobs"("batch_id", "status");
CREATE INDEX "enrichment_jobs_team_id_domain_created_at_idx" ON "enrichment_jobs"("team_id", "domain", "created_at");

CREATE TABLE "team_companies" (
    "team_id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "enriched_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "team_companies_pkey" PRIMARY KEY ("team_id", "domain")
);
CREATE INDEX "team_companies_team_id_enriched_at_domain_idx" ON "team_companies"("team_id", "enriched_at" DESC, "domain");
ALTER TABLE "team_companies" ADD CONSTRAINT "team_companies_team_id_fkey"
    FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "team_companies" ADD CONSTRAINT "team_companies_domain_fkey"
    FOREIGN KEY ("domain") REFERENCES "companies"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "usage_months" (
    "team_id" TEXT NOT NULL,
    "month" DATE NOT NULL,
    "enrichments" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "usage_months_pkey" PRIMARY KEY ("team_id", "month")
);
ALTER TABLE "usage_months" ADD CONSTRAINT "usage_months_team_id_fkey"
    FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Search: a weighted tsvector (name and domain words first, then industry, location,
-- description) for ranked full-text search, and a lower-cased text of the short fields for
-- pg_trgm's typo tolerance. 'simple' (no stemming) so that prefix queries match word starts.
ALTER TABLE "companies" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', coalesce("name", '')), 'A') ||
    setweight(to_tsvector('simple', regexp_replace("domain", '[.-]+', ' ', 'g')), 'A') ||
    setweight(to_tsvector('simple', coalesce("industry", '')), 'B') ||
    setweight(to_tsvector('simple', coalesce("location", '')), 'C') ||
    setweight(to_tsvector('simple', coalesce("description", '')), 'D')
) STORED;
CREATE INDEX "companies_search_vector_idx" ON "companies" USING GIN ("search_vector");

ALTER TABLE "companies" ADD COLUMN "search_text" TEXT GENERATED ALWAYS AS (
    lower(coalesce("name", '') || ' ' || "domain" || ' ' || coalesce("industry", '') || ' ' || coalesce("location", ''))
) STORED;
CREATE INDEX "companies_search_text_trgm_idx" ON "companies" USING GIN ("search_text" gin_trgm_ops);
