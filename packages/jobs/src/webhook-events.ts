/**
 * The events a team's webhooks hear. The deliveries an event owes (the outbox) are written by
 * the database's owe_webhook_deliveries (migration 20261127080000), called in the very statement
 * that ends a job or settles a batch, so a delivery owed is written exactly when its cause is,
 * never lost between the two; queueing it comes after the commit (and the reconciler queues
 * again what Redis lost). company.changed is owed by owe_company_changed (migration
 * 20261204000000_monitors) in the transaction that stores the changes a refresh found
 * (packages/pipeline: record-changes.ts), to every team watching the domain.
 */
export const WEBHOOK_EVENTS = ['job.completed', 'job.failed', 'batch.completed', 'company.changed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
