export * from './ensure-database';
export type { ApiKey, Batch, Company, EnrichmentJob, Invite, Session, SourceResult, Team, User } from './generated/client';
export { JobStatus, Plan, Prisma, UserRole } from './generated/client';
export * from './ids';
export * from './migrate';
export * from './prisma-client';
export * from './storable-json';
