/*
  The job store's statements (job-store.ts): every change of an admitted job's state, each
  conditional on the job still processing, so a repeated or late step never moves an ended job.
  A statement that ends a job (the database's end_job) or settles a batch also records the
  webhook deliveries the end owes (owe_webhook_deliveries, the one outbox insert), so that
  neither is ever written without the other. `deliveries`: their ids, for the caller to queue
  after the commit.
*/

/* Marks the job's attempt started (the database's mark_job_started), if it is still processing. */
/* @name MarkJobStarted */
SELECT mark_job_started(:jobId!::uuid, :now!::timestamp) AS "started!";

/*
  Ends the job (:status completed or failed, owing job.<status>), numbered in its batch, with
  the batch's items counted after the end: the database's end_job (migration 20261130000000_job_store_functions).
  No row: the job was no longer processing (nothing is written then).
*/
/* @name EndJob */
SELECT batch_id AS "batchId", domain AS "domain!", end_seq AS "endSeq", deliveries AS "deliveries!",
  completed, failed, pending
FROM end_job(:jobId!::uuid, :status!::"JobStatus", :at!::timestamp, :errorCode::text, :errorMessage::text);

/* Adds what the AI source spent on the job (the database's add_ai_tokens); counted even once the job has ended. */
/* @name AddAiTokens */
SELECT add_ai_tokens(:jobId!::uuid, :inputTokens!::int, :outputTokens!::int) AS "spent";

/*
  Marks the batch completed once none of its jobs is processing, owing batch.completed. No
  row: it was settled already, or an item is still processing.
*/
/* @name SettleBatch */
WITH subjects AS (
  UPDATE batches b SET completed_at = timezone('UTC', now())
  WHERE b.id = :batchId! AND b.completed_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM enrichment_jobs p WHERE p.batch_id = b.id AND p.status = 'processing')
  RETURNING b.team_id, NULL::uuid AS job_id, b.id AS batch_id, b.webhook_url AS url, b.webhook_secret AS secret
), owed AS (
  SELECT owe_webhook_deliveries('batch.completed', array_agg(s.team_id), array_agg(s.job_id), array_agg(s.batch_id),
    array_agg(s.url), array_agg(s.secret), timezone('UTC', now())) AS id
  FROM subjects s
)
SELECT s.batch_id AS "batchId!", coalesce((SELECT array_agg(id) FROM owed), '{}')::text[] AS "deliveries!"
FROM subjects s;

/* The reconciler put the job's flow back on the queue after the queue store lost it. */
/* @name CountRequeue */
UPDATE enrichment_jobs SET requeues = requeues + 1 WHERE id = :jobId!::uuid;
