/*
  A delivery of the endpoint sent again (delivery-store.ts: resetForResend): back to pending
  with a new round of retries, due at :now. No row: no such delivery of the team's endpoint.
*/
/* @name ResetForResend */
UPDATE webhook_deliveries SET status = 'pending', round_start = attempts, next_attempt_at = :now!::timestamp,
  delivered_at = NULL, last_error = NULL
WHERE id = :deliveryId! AND endpoint_id = :endpointId! AND team_id = :teamId!
RETURNING id;

/* Owed deliveries due before :dueBefore, oldest first: the reconciler checks the queue for each. */
/* @name DueDeliveries */
SELECT id AS "id!", next_attempt_at AS "nextAttemptAt!"
FROM webhook_deliveries
WHERE status = 'pending' AND next_attempt_at < :dueBefore!::timestamp
ORDER BY next_attempt_at
LIMIT :limit!::int;
