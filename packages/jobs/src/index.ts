export * from './admission';
// The typed statements this package sends, for the plan checks (tests/integration/store-query-plans.test.ts).
export * as admissionStatements from './admission.queries';
export * from './batch-progress';
export * from './event-announcements';
export * from './job-answer';
export * from './job-store';
export * as jobStoreStatements from './job-store.queries';
export * from './monitor-schedule';
export * from './webhook-events';
