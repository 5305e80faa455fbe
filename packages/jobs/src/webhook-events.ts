/**
 * The events a team's webhooks hear, and the SQL that records the deliveries an event owes
 * (the outbox). The job store runs it in the very statement that ends a job or settles a
 * batch, so a delivery owed is written exactly when its cause is, never lost between the two;
 * queueing it comes after the commit (and the reconciler queues again what Redis lost).
 */
export const WEBHOOK_EVENTS = ['job.completed', 'job.failed', 'batch.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * `INSERT … RETURNING id` of one delivery per target of `event` for each row of the CTE
 * `subjects` (columns team_id, job_id, batch_id, url, secret): every enabled endpoint of the
 * team subscribed to the event, and the submission's one-off URL when it named one. The id
 * (new_id('msg')) is the webhook-id every attempt sends. `at` is the event's time (SQL).
 */
export function oweDeliveriesSql(event: WebhookEvent, subjects: string, at = "timezone('UTC', now())"): string {
  if (!WEBHOOK_EVENTS.includes(event) || !/^[a-z_]+$/.test(subjects)) throw new Error('oweDeliveriesSql: bad arguments');
  return `INSERT INTO webhook_deliveries (id, team_id, endpoint_id, url, secret, event_type, job_id, batch_id, created_at, next_attempt_at)
    SELECT new_id('msg'), s.team_id, e.id, NULL, NULL, '${event}', s.job_id, s.batch_id, ${at}, ${at}
    FROM ${subjects} s JOIN webhook_endpoints e ON e.team_id = s.team_id AND e.enabled AND '${event}' = ANY(e.events)
    UNION ALL
    SELECT new_id('msg'), s.team_id, NULL, s.url, s.secret, '${event}', s.job_id, s.batch_id, ${at}, ${at}
    FROM ${subjects} s WHERE s.url IS NOT NULL
    RETURNING id`;
}
