export * from './start-tracing';
export type * from './tracing';
export * from './tracing-config';
