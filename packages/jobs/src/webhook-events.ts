/**
 * The events a team's webhooks hear. The deliveries an event owes (the outbox) are written by
 * the database's owe_webhook_deliveries (migration 20261127080000), called in the very statement
 * that ends a job or settles a batch, so a delivery owed is written exactly when its cause is,
 * never lost between the two; queueing it comes after the commit (and the reconciler queues
 * again what Redis lost).
 */
export const WEBHOOK_EVENTS = ['job.completed', 'job.failed', 'batch.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
