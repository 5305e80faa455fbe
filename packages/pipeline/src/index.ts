export * from './confidence';
export * from './leader-results';
export * from './merge-sources';
export * from './owed-deliveries';
export * from './reconciler';
export * from './source-results';
export * from './steps';
export * from './value-agreement';
