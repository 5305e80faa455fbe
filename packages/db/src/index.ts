export * from './ensure-database';
export type {
  ApiKey,
  Batch,
  Company,
  EnrichmentJob,
  Invite,
  Session,
  SourceResult,
  Team,
  User,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
} from './generated/client';
export { DeliveryStatus, JobStatus, Plan, Prisma, UserRole } from './generated/client';
export * from './ids';
export * from './migrate';
export * from './named-params';
export * from './prisma-client';
export * from './storable-json';
export * from './typed-sql';
export * from './utc';
