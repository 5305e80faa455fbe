export * from './batch-progress';
export * from './job-events';
export * from './job-store';
export * from './job-view';
export * from './webhook-events';
