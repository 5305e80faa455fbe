-- What the dashboard reads (issue 11): usage per day, the team's batches and jobs, and a
-- batch's results as the CSV that was uploaded, one row per entry.

-- Whether admission counted the job against the monthly quota (a duplicate of a recent
-- submission is free). GET /usage counts these per day; usage_months holds the month's total.
ALTER TABLE "enrichment_jobs" ADD COLUMN "charged" BOOLEAN NOT NULL DEFAULT false;
-- Jobs admitted before this column: charged unless the team had submitted the domain in the
-- 24 hours before (the default freshness window) in a job that has not failed. The best
-- reconstruction there is: whether that earlier job had failed yet at the time is not known.
UPDATE "enrichment_jobs" j SET "charged" = NOT EXISTS (
    SELECT 1 FROM "enrichment_jobs" e
    WHERE e."team_id" = j."team_id" AND e."domain" = j."domain" AND e."status" <> 'failed'
      AND e."created_at" < j."created_at" AND e."created_at" >= j."created_at" - interval '24 hours');
-- GET /usage: a team's charged jobs of the last 30 days, per day (an index-only scan).
CREATE INDEX "enrichment_jobs_team_id_created_at_charged_idx" ON "enrichment_jobs"("team_id", "created_at") WHERE "charged";
-- GET /enrich: a team's single jobs (not in a batch), newest first; without it a team with
-- large batches would read through all their jobs to find a page of single ones.
CREATE INDEX "enrichment_jobs_team_id_created_at_id_single_idx" ON "enrichment_jobs"("team_id", "created_at", "id") WHERE "batch_id" IS NULL;

-- GET /enrich/bulk: a team's batches, newest first (the team_id index was its prefix).
DROP INDEX "batches_team_id_idx";
CREATE INDEX "batches_team_id_created_at_id_idx" ON "batches"("team_id", "created_at", "id");

-- The uploaded CSV's header row; a JSON list is one `domain` column.
ALTER TABLE "batches" ADD COLUMN "input_columns" TEXT[] NOT NULL DEFAULT '{}';

-- One row per entry of the bulk request, in the order sent: its input row (the CSV row's
-- cells, or the JSON entry) and the job that answers it, its own or, for an entry repeating a
-- domain earlier in the request, that entry's (duplicate). No job: the entry was invalid
-- (batches.invalid_entries says why). Written and removed with the jobs by admission, in the
-- same statement, so job_id carries no foreign key (its check would cost every bulk accept).
CREATE TABLE "batch_entries" (
    "batch_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "input" JSONB NOT NULL,
    "job_id" UUID,
    "duplicate" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "batch_entries_pkey" PRIMARY KEY ("batch_id", "position")
);
ALTER TABLE "batch_entries" ADD CONSTRAINT "batch_entries_batch_id_fkey"
    FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Batches accepted before this migration kept neither their inputs nor their duplicates: their
-- entries are their jobs in order (the domain as the input), then their invalid entries.
UPDATE "batches" SET "input_columns" = ARRAY['domain'];
INSERT INTO "batch_entries" ("batch_id", "position", "input", "job_id")
SELECT "batch_id", "batch_position", jsonb_build_array("domain"), "id"
FROM "enrichment_jobs" WHERE "batch_id" IS NOT NULL AND "batch_position" IS NOT NULL;
INSERT INTO "batch_entries" ("batch_id", "position", "input")
SELECT b."id", (SELECT count(*) FROM "enrichment_jobs" j WHERE j."batch_id" = b."id") + i.ordinality - 1,
    jsonb_build_array(i.value -> 'entry')
FROM "batches" b, jsonb_array_elements(b."invalid_entries") WITH ORDINALITY AS i(value, ordinality);
