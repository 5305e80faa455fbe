import type { ResolvedSession } from '@enrich/accounts';
import type { AuthenticatedTeam } from '@enrich/api-keys';
import type { Db } from '@enrich/db';
import { type RecentSubmissions, recentSubmissions } from './admission/recent-submissions';
import { type TtlCache, ttlCache } from './auth/ttl-cache';
import { type BatchAnswers, type BatchVersions, batchVersions } from './bulk/batch-view';
import { type CompanyLookups, companyLookups } from './companies/company-lookup';
import { type PolledJobs, polledJobs } from './jobs/job-view';
import type { PollAnswers } from './jobs/poll-answers';
import { CounterReads } from './limits/counter-reads';
import { createResponseCache } from './response-cache';

/**
 * What an API process keeps or shares between requests, every piece an object made here for
 * one app context (main.ts, or a test) and handed to its handlers through it; no module holds
 * one of its own. Cached responses are versioned by what they show (each has a test that changes
 * every column it shows); lookups keep nothing, they only batch the reads of one turn.
 */
export interface ApiCaches {
  /** GET /enrich/{jobId}'s answers with their versions (poll-answers.ts). */
  pollAnswers: PollAnswers;
  /** GET /enrich/bulk/{batchId}'s answers with their versions (batch-view.ts). */
  batchAnswers: BatchAnswers;
  /** API keys found, by hash, trusted for KEY_CACHE_MS (middleware/authenticate.ts). */
  keys: TtlCache<AuthenticatedTeam>;
  /** Dashboard sessions, by token hash, trusted for KEY_CACHE_MS at most (auth/session-lookup.ts). */
  sessions: TtlCache<ResolvedSession>;
  /** The rate-limit counters' shared reads (limits/counter-reads.ts). */
  counterReads: CounterReads;
  /** The coalesced lookups on this context's database (coalesced-lookup.ts). */
  lookups: {
    polledJobs: PolledJobs;
    batchVersions: BatchVersions;
    companies: CompanyLookups;
    recentSubmissions: RecentSubmissions;
  };
}

export function createCaches(db: Db, config: { FRESHNESS_WINDOW_HOURS: number }): ApiCaches {
  return {
    pollAnswers: createResponseCache(),
    batchAnswers: createResponseCache(),
    keys: ttlCache(),
    sessions: ttlCache(),
    counterReads: new CounterReads(),
    lookups: {
      polledJobs: polledJobs(db),
      batchVersions: batchVersions(db),
      companies: companyLookups(db),
      recentSubmissions: recentSubmissions(db, config.FRESHNESS_WINDOW_HOURS),
    },
  };
}
