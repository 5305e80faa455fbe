/*
  The job store's statements (job-store.ts): every change of an admitted job's state, each
  conditional on the job still processing, so a repeated or late step never moves an ended job.
  A statement that ends a job or settles a batch also records, in its `owed` CTE, the webhook
  deliveries the end owes (the database's owe_webhook_deliveries, the one outbox insert) for
  its CTE `subjects`, so that neither is ever written without the other. `deliveries`: their ids, for the caller to queue after the commit.
*/

/* @name MarkJobStarted */
UPDATE enrichment_jobs SET started_at = COALESCE(started_at, :now!::timestamp), attempts = attempts + 1
WHERE id = :jobId!::uuid AND status = 'processing'
RETURNING id;

/*
  Ends the job (:status completed or failed, owing job.<status>) and numbers its end in its
  batch: the batch row's counter is raised here, and its lock held until the transaction
  commits. No row: the job was no longer processing (nothing is written then).
*/
/* @name EndJob */
WITH job AS (
  SELECT id, batch_id FROM enrichment_jobs WHERE id = :jobId!::uuid AND status = 'processing' FOR UPDATE
), numbered AS (
  UPDATE batches b SET items_ended = b.items_ended + 1 FROM job WHERE b.id = job.batch_id RETURNING b.items_ended
), subjects AS (
  UPDATE enrichment_jobs j SET status = :status!::"JobStatus", completed_at = :at!::timestamp,
    error_code = :errorCode::text, error_message = :errorMessage::text,
    end_seq = (SELECT items_ended FROM numbered)
  FROM job WHERE j.id = job.id
  RETURNING j.team_id, j.id AS job_id, j.batch_id, j.webhook_url AS url, j.webhook_secret AS secret, j.domain, j.end_seq,
    'job.' || j.status AS event
), owed AS (
  SELECT owe_webhook_deliveries(min(s.event), array_agg(s.team_id), array_agg(s.job_id), array_agg(s.batch_id),
    array_agg(s.url), array_agg(s.secret), timezone('UTC', now())) AS id
  FROM subjects s
)
SELECT s.batch_id AS "batchId", s.domain AS "domain!", s.end_seq AS "endSeq",
  coalesce((SELECT array_agg(id) FROM owed), '{}')::text[] AS "deliveries!"
FROM subjects s;

/*
  A batch's items counted by state, read after EndJob took the batch row's lock (a statement
  of its own, with its own snapshot): every item numbered before this one has committed.
*/
/* @name BatchItemCounts */
SELECT completed AS "completed!", failed AS "failed!", pending AS "pending!" FROM batch_item_counts(:batchId!);

/* Adds what the AI source spent on the job; counted even once the job has ended. */
/* @name AddAiTokens */
UPDATE enrichment_jobs SET ai_input_tokens = ai_input_tokens + :inputTokens!::int,
  ai_output_tokens = ai_output_tokens + :outputTokens!::int
WHERE id = :jobId!::uuid;

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
