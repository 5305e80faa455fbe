export { aiStep, type AiStepDeps } from './ai-step';
export { batchStep } from './batch-step';
export { finalizeJob, type FinalizeOutcome, finalizeStep } from './finalize-step';
export { scrapeStep, type ScrapeStepDeps } from './scrape-step';
