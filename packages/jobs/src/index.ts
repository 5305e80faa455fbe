export * from './job-events';
export * from './job-store';
