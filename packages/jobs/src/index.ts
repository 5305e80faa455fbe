export * from './admission';
export * from './batch-progress';
export * from './event-announcements';
export * from './job-answer';
export * from './job-store';
export * from './webhook-events';
