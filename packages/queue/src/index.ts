export * from './redis-connection';
export * from './job-catalog';
export * from './enrichment-flow';
export * from './queue-prefix';
export * from './step-worker';
