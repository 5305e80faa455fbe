export * from './company-draft';
export * from './confidence';
export * from './finalize-step';
export * from './failure-recorder';
export * from './job-outcome';
export * from './reconciler';
export * from './source-results';
