import { type Db, typedSql, utc } from '@enrich/db';
import { batchedPerTurn, type Lookup } from '../coalesced-lookup';
import { recentSubmissions as recentSubmissionRows } from '../jobs/job-reads.queries';

interface Asked {
  teamId: string;
  domains: readonly string[];
}

/** The coalesced lookup of recent submissions of a process, made with the app context (caches.ts). */
export type RecentSubmissions = Lookup<Asked, Set<string>>;

/**
 * The lookup behind recentlySubmitted on a database client, for one freshness window: the
 * lookups of submissions that arrive together, of any team, are one query.
 */
export function recentSubmissions(db: Db, windowHours: number): RecentSubmissions {
  return batchedPerTurn<Asked, Set<string>>(async (batch) => {
    if (windowHours <= 0) return batch.map(() => new Set<string>());
    const teams: string[] = [];
    const domains: string[] = [];
    for (const asked of batch) {
      for (const domain of asked.domains) {
        teams.push(asked.teamId);
        domains.push(domain);
      }
    }
    const since = new Date(Date.now() - windowHours * 3_600_000);
    // On the submission path: a named statement on the driver, not the ORM (see sqlPool):
    // RecentSubmissions in jobs/job-reads.sql.
    const [row] = await recentSubmissionRows.run({ teamIds: teams, domains, since: utc(since) }, typedSql(db, 'recent-submissions'));
    const found = row?.found ?? [];
    let at = 0;
    return batch.map((asked) => {
      const recent = new Set<string>();
      for (const domain of asked.domains) if (found[at++]) recent.add(domain);
      return recent;
    });
  });
}

/**
 * Of `domains`, those this team already submitted within the freshness window, in a job that
 * did not fail. Submitting one again is a duplicate (docs/api.md): it gets its own job but
 * costs nothing against rate limits or the monthly quota. Read before admission, for the rate
 * limiter and the bulk preview; the admission statement charges by the same function
 * (`submitted_since`, a probe per domain) under its domain locks.
 */
export function recentlySubmitted(lookups: RecentSubmissions, teamId: string, domains: readonly string[]): Promise<Set<string>> {
  if (domains.length === 0) return Promise.resolve(new Set());
  return lookups.load({ teamId, domains });
}
