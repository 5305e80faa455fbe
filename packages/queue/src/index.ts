export * from './enrichment-flow';
export * from './job-catalog';
export * from './queue-prefix';
export * from './queue-wait';
export * from './redis-connection';
export * from './step-worker';
export * from './webhook-jobs';
