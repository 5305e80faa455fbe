export * from './enrichment-flow';
export * from './job-catalog';
export * from './queue-prefix';
export * from './redis-connection';
export * from './webhook-jobs';
