-- Progress streams (issue 12: GET /enrich/bulk/{id}/events). Each item of a batch is numbered
-- in the order its end committed: the job store raises the batch's counter in the statement
-- that ends the job, under the batch row's lock, so the numbers follow commit order with no
-- gap. A stream resumed after event N sends the items numbered above N, from Postgres.
ALTER TABLE "batches" ADD COLUMN "items_ended" INTEGER NOT NULL DEFAULT 0;
-- NULL for jobs that were never in a batch, ended at admission (a fresh stored record), or
-- ended before this column existed; those count in a batch's progress but have no event of their own.
ALTER TABLE "enrichment_jobs" ADD COLUMN "end_seq" INTEGER;
