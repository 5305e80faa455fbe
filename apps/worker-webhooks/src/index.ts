// worker-webhooks as a library, for the scripts and the integration tests: its settings and the
// worker it runs. main.ts is what runs the process.
export { type WebhookWorkerConfig, webhookWorkerEnv } from './worker-config';
export { type RunningWebhookWorker, startWebhookWorker } from './workers';
