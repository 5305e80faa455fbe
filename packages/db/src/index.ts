export * from './prisma-client';
export * from './ids';
export * from './migrate';
export * from './ensure-database';
export type { Team, ApiKey, Batch, EnrichmentJob, Company, SourceResult } from './generated/client';
export { Plan, JobStatus, Prisma } from './generated/client';
