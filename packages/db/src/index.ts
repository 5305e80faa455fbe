export * from './ensure-database';
export type {
  ApiKey,
  Batch,
  Company,
  CompanyChange,
  EnrichmentJob,
  Invite,
  Monitor,
  Session,
  SourceResult,
  Team,
  User,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
} from './generated/client';
export { DeliveryStatus, JobStatus, MonitorInterval, MonitorState, Plan, Prisma, UserRole } from './generated/client';
export * from './ids';
export * from './local-postgres';
export * from './migrate';
export * from './ping';
export * from './prisma-client';
export * from './sql-transaction';
export * from './sql-variants';
export * from './storable-json';
export * from './typed-sql';
export { PreparedQuery } from './typed-statement';
export * from './utc';
