export { type AiStepDeps, aiStep } from './ai-step';
export { batchStep } from './batch-step';
export { type FinalizeOutcome, finalizeJob, finalizeStep } from './finalize-step';
export { type ScrapeStepDeps, scrapeStep, timedRenderer } from './scrape-step';
export { startStep } from './start-step';
