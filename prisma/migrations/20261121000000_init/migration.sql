-- Initial schema: teams, API keys, batches, enrichment jobs, per-source results, companies.
-- Written by hand to match prisma/schema.prisma (the schema engine cannot run offline).

CREATE TYPE "Plan" AS ENUM ('free', 'starter', 'growth', 'enterprise');
CREATE TYPE "JobStatus" AS ENUM ('processing', 'completed', 'failed');

CREATE TABLE "teams" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "plan" "Plan" NOT NULL DEFAULT 'free',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "teams_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "teams_name_key" ON "teams"("name");

CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMP(3),
    "last_used_at" TIMESTAMP(3),
    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");
CREATE INDEX "api_keys_team_id_idx" ON "api_keys"("team_id");

CREATE TABLE "batches" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMP(3),
    CONSTRAINT "batches_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "batches_team_id_idx" ON "batches"("team_id");

CREATE TABLE "enrichment_jobs" (
    "id" UUID NOT NULL,
    "team_id" TEXT NOT NULL,
    "batch_id" TEXT,
    "domain" TEXT NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'processing',
    "error_code" TEXT,
    "error_message" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "requeues" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "completed_at" TIMESTAMP(3),
    CONSTRAINT "enrichment_jobs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "enrichment_jobs_team_id_created_at_idx" ON "enrichment_jobs"("team_id", "created_at");
CREATE INDEX "enrichment_jobs_status_created_at_idx" ON "enrichment_jobs"("status", "created_at");
CREATE INDEX "enrichment_jobs_batch_id_idx" ON "enrichment_jobs"("batch_id");
CREATE INDEX "enrichment_jobs_domain_idx" ON "enrichment_jobs"("domain");

CREATE TABLE "source_results" (
    "job_id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "fetched_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "source_results_pkey" PRIMARY KEY ("job_id", "source")
);

CREATE TABLE "companies" (
    "domain" TEXT NOT NULL,
    "name" TEXT,
    "description" TEXT,
    "industry" TEXT,
    "employee_count" TEXT,
    "location" TEXT,
    "business_stage" TEXT,
    "funding_status" TEXT,
    "founded_year" INTEGER,
    "logo_url" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "social_profiles" JSONB NOT NULL DEFAULT '{}',
    "confidence" INTEGER NOT NULL DEFAULT 0,
    "sources" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "provenance" JSONB NOT NULL DEFAULT '{}',
    "enriched_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "companies_pkey" PRIMARY KEY ("domain")
);

ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "batches" ADD CONSTRAINT "batches_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "enrichment_jobs" ADD CONSTRAINT "enrichment_jobs_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "enrichment_jobs" ADD CONSTRAINT "enrichment_jobs_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "source_results" ADD CONSTRAINT "source_results_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "enrichment_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
