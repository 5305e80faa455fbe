-- The outbox insert, defined once: the webhook deliveries an event owes, for each of its
-- subjects (the arrays, one element per subject: a job that ended, or a batch with job NULL):
-- one per enabled endpoint of the subject's team subscribed to the event, and one to the
-- submission's own URL when it named one. The id (new_id('msg')) is the webhook-id every
-- attempt sends. Called in the very statement that ends a job, settles a batch or admits jobs
-- answered at once (packages/jobs: job-store.sql, admission.sql), so a delivery owed is written
-- exactly when its cause is. Given NULL arrays (no subject), it writes nothing.
CREATE FUNCTION owe_webhook_deliveries(
  owed_event text, team_ids text[], job_ids uuid[], batch_ids text[], urls text[], secrets text[], owed_at timestamp
) RETURNS SETOF text
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF team_ids IS NULL THEN RETURN; END IF;
  RETURN QUERY
    WITH s AS (SELECT * FROM unnest(team_ids, job_ids, batch_ids, urls, secrets) AS s(team_id, job_id, batch_id, url, secret))
    INSERT INTO webhook_deliveries (id, team_id, endpoint_id, url, secret, event_type, job_id, batch_id, created_at, next_attempt_at)
    SELECT new_id('msg'), s.team_id, e.id, NULL, NULL, owed_event, s.job_id, s.batch_id, owed_at, owed_at
    FROM s JOIN webhook_endpoints e ON e.team_id = s.team_id AND e.enabled AND owed_event = ANY(e.events)
    UNION ALL
    SELECT new_id('msg'), s.team_id, NULL, s.url, s.secret, owed_event, s.job_id, s.batch_id, owed_at, owed_at
    FROM s WHERE s.url IS NOT NULL
    RETURNING webhook_deliveries.id;
END $$;
