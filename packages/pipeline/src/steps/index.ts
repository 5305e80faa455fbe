// The AI step is not exported here: worker-ai imports it through the package's ai-step entry
// (package.json exports), so that loading the other steps never loads the model's SDK, and
// worker-ai never loads the scraper and Playwright.
export { batchStep } from './batch-step';
export { type FinalizeOutcome, finalizeJob, finalizeStep } from './finalize-step';
export { type ScrapeStepDeps, scrapeStep, timedRenderer } from './scrape-step';
export { startStep } from './start-step';
