export * from './enrichment-flow';
export * from './job-catalog';
export * from './queue-prefix';
export * from './queue-store';
export * from './redis-connection';
export * from './shared-state';
export * from './webhook-jobs';
