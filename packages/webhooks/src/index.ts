// Signed webhooks: endpoints and their secrets, the deliveries owed and the attempts made, the
// payloads, the retry schedule and the settings. The outbox itself (which deliveries an event
// owes) is written by the job store (@enrich/jobs); the delivery step here runs in worker-webhooks.
export * from './delivery-attempt';
// The typed statements this package writes with, for the plan checks (tests/integration/store-query-plans.test.ts).
export * as deliveryAttemptStatements from './delivery-attempt.queries';
export { type WebhookDeliverySettings, type WebhookStepDeps, webhookStep } from './delivery-step';
export * from './delivery-store';
export * as deliveryStoreStatements from './delivery-store.queries';
export * from './endpoint-store';
export * as endpointStoreStatements from './endpoint-store.queries';
export * from './payload';
export * from './retry-schedule';
export * from './signing';
export * from './webhook-env';
export * from './webhook-url';
