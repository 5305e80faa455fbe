-- A batch's version (apps/api/src/bulk/batch-reads.sql): its items' ends, its settling and the
-- newest version of its page's completed companies. The answer a poll keeps carries it, and the
-- poll of an unchanged batch compares it alone, so both must spell it alike. A single
-- expression in a plain SQL function: the planner inlines it.
CREATE FUNCTION batch_version(items_ended int, settled_at timestamp, newest_company text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat_ws('/', items_ended, settled_at, newest_company)
$$;

-- A batch's last item end, as batchProgress (packages/jobs) reads it: only while nothing is
-- pending and the batch is not settled yet; null otherwise. For the poll, the list of batches
-- and batch.completed (packages/webhooks: webhook-reads.sql). A set-returning function, called
-- LATERAL, so that the planner inlines its subquery into the statement (a scalar one with a
-- subquery is not inlined, and would be planned anew on each call).
CREATE FUNCTION batch_last_end(batch text, pending int, settled_at timestamp) RETURNS TABLE (last_end timestamp)
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN pending = 0 AND settled_at IS NULL
    THEN (SELECT max(j.completed_at) FROM enrichment_jobs j WHERE j.batch_id = batch) END
$$;
