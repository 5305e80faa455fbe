// Shapes of the API's answers as the dashboard reads them. The company record comes from the
// one record contract (@enrich/record, type-only so no schema code is bundled); the envelopes
// follow docs/api.md and the dashboard contract.
import type { BusinessStage, CompanyRecord, FieldSource, SourceName } from '@enrich/record';

export type { BusinessStage, CompanyRecord, FieldSource, SourceName };

export type Role = 'owner' | 'member';
export type SignupMode = 'open' | 'invite' | 'closed';

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
}
export interface SessionTeam {
  id: string;
  name: string;
  plan: string;
}
export interface Session {
  user: SessionUser;
  team: SessionTeam;
  csrfToken: string;
}

export interface Window {
  limit: number;
  remaining: number;
  resetsAt: string;
}
export interface Usage {
  plan: string;
  /** quota and remaining are null on a plan without a monthly quota. */
  month: { start: string; enrichments: number; quota: number | null; remaining: number | null; resetsAt: string };
  rateLimits: { perMinute: Window; perDay: Window | null };
  daily: { date: string; enrichments: number }[];
}

export type JobStatus = 'processing' | 'completed' | 'failed';
export interface JobError {
  code: string;
  message: string;
}
export type Job =
  | { status: 'processing'; domain: string; createdAt: string; estimatedCompletion: string }
  | { status: 'completed'; domain: string; data: CompanyRecord; createdAt: string; completedAt: string }
  | { status: 'failed'; domain: string; createdAt: string; completedAt: string; error: JobError };

export interface EnrichAccepted {
  status: 'processing';
  jobId: string;
  domain: string;
  statusEndpoint: string;
  estimatedDuration: number;
}

export interface CursorPage<T> {
  data: T[];
  pagination: { nextCursor: string | null };
}
export interface JobSummary {
  jobId: string;
  domain: string;
  status: JobStatus;
  createdAt: string;
  completedAt: string | null;
}
export interface BatchSummary {
  batchId: string;
  status: 'processing' | 'completed';
  createdAt: string;
  completedAt: string | null;
  total: number;
  completed: number;
  failed: number;
  processing: number;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}
export interface InvalidEntry {
  index: number;
  entry: string | number | boolean | null;
  reason: string;
  message?: string;
}
export interface BatchItem {
  domain: string;
  jobId: string;
  status: JobStatus;
  statusEndpoint: string;
  data?: CompanyRecord;
  error?: JobError;
}
export interface Batch {
  batchId: string;
  status: 'processing' | 'completed';
  total: number;
  completed: number;
  failed: number;
  pending: number;
  progress: number;
  createdAt: string;
  completedAt: string | null;
  entriesReceived: number;
  duplicateEntries: number;
  invalid: InvalidEntry[];
  items: BatchItem[];
  pagination: Pagination;
}
export interface BulkAccepted {
  batchId: string;
  status: 'processing' | 'completed';
  total: number;
  accepted: number;
  quotaCharged: number;
}
export interface BulkPreview {
  entries: number;
  valid: number;
  duplicates: number;
  invalid: InvalidEntry[];
  cost: number;
  /** null: no monthly quota. */
  quota: { remaining: number | null };
}

export type SearchResult = CompanyRecord & { enrichedAt: string };
export interface SearchResponse {
  results: SearchResult[];
  pagination: Pagination;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdBy: { id: string; email: string } | null;
}
export interface CreatedKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  key: string;
}

export interface TeamInfo {
  team: {
    id: string;
    name: string;
    plan: string;
    limits: { perMinute: number | null; perDay: number | null; monthlyQuota: number | null };
  };
  members: { id: string; email: string; role: Role; createdAt: string }[];
}
export interface Invite {
  id: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}
export interface CreatedInvite {
  id: string;
  role: Role;
  expiresAt: string;
  token: string;
  url: string;
}
export interface InvitePreview {
  teamName: string;
  role: Role;
  expiresAt: string;
}
