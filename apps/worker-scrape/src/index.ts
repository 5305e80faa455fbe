// worker-scrape as a library, for the scripts and the integration tests: its settings, the
// workers it runs and the fleet-wide LinkedIn gate. main.ts is what runs the process.
export {
  createLinkedInGate,
  createPostgresLinkedInGate,
  createRedisLinkedInGate,
  type LinkedInGateOptions,
  type PrefixedLinkedInGateOptions,
} from './linkedin-gate';
export { type WorkerConfig, workerEnv } from './worker-config';
export { type RunningWorkers, startWorkers } from './workers';
