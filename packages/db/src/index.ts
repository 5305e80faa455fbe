export * from './ensure-database';
export type { ApiKey, Batch, Company, EnrichmentJob, SourceResult, Team } from './generated/client';
export { JobStatus, Plan, Prisma } from './generated/client';
export * from './ids';
export * from './migrate';
export * from './prisma-client';
export * from './storable-json';
