/*
  Logs a delivery's attempt and moves the delivery and its endpoint on, in one statement
  (delivery-attempt.ts: recordAttempt): a success clears the endpoint's run of failures; a
  failure lengthens it and, past the policy (:afterFailures in a row for :afterSeconds),
  disables the endpoint with the reason (as a 410, :gone, does at once); a delivery whose
  endpoint is disabled ends failed. Only the attempt the delivery is at (:attempts) counts.
*/
/* @name RecordAttempt */
WITH attempt AS (
  INSERT INTO webhook_attempts (delivery_id, number, attempted_at, status_code, duration_ms, response_excerpt, error)
  VALUES (:id!, :number!, :at!::timestamp, :statusCode::int, :durationMs!::int, :responseExcerpt, :logError)
), endpoint AS (
  UPDATE webhook_endpoints e SET
    failure_streak = CASE WHEN :ok!::boolean THEN 0 ELSE e.failure_streak + 1 END,
    failing_since = CASE WHEN :ok!::boolean THEN NULL ELSE coalesce(e.failing_since, :at!::timestamp) END,
    enabled = e.enabled AND NOT d.disable,
    disabled_reason = CASE WHEN e.enabled AND d.disable THEN d.reason ELSE e.disabled_reason END,
    disabled_at = CASE WHEN e.enabled AND d.disable THEN :at!::timestamp ELSE e.disabled_at END
  FROM (SELECT
      :gone!::boolean OR (NOT :ok!::boolean AND x.failure_streak + 1 >= :afterFailures!::int
        AND coalesce(x.failing_since, :at!::timestamp) <= :at!::timestamp - make_interval(secs => :afterSeconds!::float8)) AS disable,
      CASE WHEN :gone!::boolean THEN 'the endpoint answered 410 Gone'
        ELSE format('%s failed attempts in a row since %s UTC', x.failure_streak + 1,
          to_char(coalesce(x.failing_since, :at!::timestamp), 'YYYY-MM-DD HH24:MI')) END AS reason
    FROM webhook_endpoints x WHERE x.id = :endpointId) d
  WHERE e.id = :endpointId AND (NOT :ok!::boolean OR e.failure_streak > 0)
  RETURNING e.enabled, e.disabled_reason
)
UPDATE webhook_deliveries SET
  attempts = attempts + 1,
  payload = coalesce(payload, :payload!),
  status = (CASE
    WHEN :ok!::boolean THEN 'delivered'
    WHEN :retry!::boolean AND coalesce((SELECT enabled FROM endpoint), true) THEN 'pending'
    ELSE 'failed' END)::"DeliveryStatus",
  delivered_at = CASE WHEN :ok!::boolean THEN :at!::timestamp END,
  next_attempt_at = :nextAttemptAt!::timestamp,
  last_error = CASE WHEN :retry!::boolean AND NOT coalesce((SELECT enabled FROM endpoint), true)
    THEN :lastError || '; endpoint disabled: ' || (SELECT disabled_reason FROM endpoint) ELSE :lastError END
WHERE id = :id! AND status = 'pending' AND attempts = :attempts!
RETURNING status;

/* A delivery that cannot be attempted (delivery-attempt.ts: failDelivery) ends failed with the reason. */
/* @name FailDelivery */
UPDATE webhook_deliveries SET status = 'failed', last_error = :reason! WHERE id = :id! AND status = 'pending';

/*
  An internal fault outlasted the queue's retries (delivery-attempt.ts: deferDelivery): the
  delivery stays owed, due at :nextAttemptAt, unless it was created before :failBefore (then it
  ends failed); the reason either way.
*/
/* @name DeferDelivery */
UPDATE webhook_deliveries SET
  status = (CASE WHEN created_at < :failBefore!::timestamp THEN 'failed' ELSE 'pending' END)::"DeliveryStatus",
  next_attempt_at = :nextAttemptAt!::timestamp,
  last_error = :reason!
WHERE id = :id! AND status = 'pending';
