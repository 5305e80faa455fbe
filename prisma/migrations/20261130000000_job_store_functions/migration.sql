-- A job's end, defined once (packages/jobs: job-store.sql; finalize's statement calls it too):
-- ends the job (new_status completed or failed) if it is still processing, numbers the end in
-- its batch, writes the webhook deliveries the end owes (owe_webhook_deliveries) and counts the
-- batch's items. No row: the job was no longer processing, and nothing is written.
--
-- The batch row's counter is raised first, and its lock held until the caller's transaction
-- commits, so the numbers follow the order the ends commit. A function, not a statement,
-- because of the counts: a VOLATILE function's each query takes a snapshot of its own, so
-- the count, taken after the lock, sees every item numbered before this one committed, none
-- after. One call is the whole end: the statement that calls it needs no transaction around it.
CREATE FUNCTION end_job(job uuid, new_status "JobStatus", ended_at timestamp, code text, message text)
RETURNS TABLE (batch_id text, domain text, end_seq int, deliveries text[], completed int, failed int, pending int)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  j record;
BEGIN
  SELECT e.team_id, e.batch_id, e.domain, e.webhook_url, e.webhook_secret INTO j
  FROM enrichment_jobs e WHERE e.id = job AND e.status = 'processing' FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  batch_id := j.batch_id;
  domain := j.domain;
  IF j.batch_id IS NOT NULL THEN
    UPDATE batches b SET items_ended = b.items_ended + 1 WHERE b.id = j.batch_id RETURNING b.items_ended INTO end_seq;
  END IF;
  UPDATE enrichment_jobs e SET status = new_status, completed_at = ended_at, error_code = code, error_message = message,
    end_seq = end_job.end_seq
  WHERE e.id = job;
  deliveries := coalesce(ARRAY(SELECT owe_webhook_deliveries('job.' || new_status::text, ARRAY[j.team_id], ARRAY[job],
    ARRAY[j.batch_id], ARRAY[j.webhook_url], ARRAY[j.webhook_secret], timezone('UTC', now()))), '{}');
  IF j.batch_id IS NOT NULL THEN
    SELECT c.completed, c.failed, c.pending INTO completed, failed, pending FROM batch_item_counts(j.batch_id) c;
  END IF;
  RETURN NEXT;
END $$;

-- Adds what the AI source's calls spent to the job's count (packages/jobs: job-store.sql alone
-- for a call that failed; source-results.sql with the AI source's result). Counted whatever
-- the job's state: the tokens were spent.
CREATE FUNCTION add_ai_tokens(job uuid, input_tokens int, output_tokens int) RETURNS void
LANGUAGE sql VOLATILE AS $$
  UPDATE enrichment_jobs SET ai_input_tokens = ai_input_tokens + input_tokens, ai_output_tokens = ai_output_tokens + output_tokens
  WHERE id = job;
$$;

-- Marks a job's attempt started (its first start kept), if it is still processing; whether it
-- was (packages/jobs: job-store.sql alone; source-results.sql where the scrape step reads the
-- job it starts).
CREATE FUNCTION mark_job_started(job uuid, started timestamp) RETURNS boolean
LANGUAGE sql VOLATILE AS $$
  WITH marked AS (
    UPDATE enrichment_jobs SET started_at = COALESCE(started_at, started), attempts = attempts + 1
    WHERE id = job AND status = 'processing'
    RETURNING 1
  )
  SELECT EXISTS (SELECT 1 FROM marked);
$$;

-- Finalize inserts a new company and its team's row in one statement (finalize-step.sql), where
-- the team row's own trigger (copy_company_search_columns) cannot see the company yet: so a
-- company's first values also reach its team rows, once the statement has written them all
-- (an AFTER trigger). Elsewhere a new company has no team row yet, and this updates nothing.
CREATE TRIGGER "companies_team_search_columns_insert"
    AFTER INSERT ON "companies"
    FOR EACH ROW EXECUTE FUNCTION "push_company_search_columns"();
