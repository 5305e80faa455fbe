// worker-ai as a library, for the scripts and the integration tests: its settings and the
// worker it runs. main.ts is what runs the process.
export { type AiWorkerConfig, aiWorkerEnv } from './worker-config';
export { type RunningAiWorker, startAiWorker } from './workers';
