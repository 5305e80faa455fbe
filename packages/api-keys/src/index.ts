export * from './api-key-format';
export * from './api-key-store';
export * from './team-limits';
