export * from './job-store';
