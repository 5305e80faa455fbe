import { type Db, sqlPool, utc } from '@enrich/db';

/**
 * Of `domains`, those this team already submitted within the freshness window, in a job that
 * did not fail. Submitting one again is a duplicate (docs/api.md): it gets its own job but
 * costs nothing against rate limits or the monthly quota.
 */
export async function recentlySubmitted(db: Db, teamId: string, domains: readonly string[], windowHours: number): Promise<Set<string>> {
  if (domains.length === 0 || windowHours <= 0) return new Set();
  const since = new Date(Date.now() - windowHours * 3_600_000);
  // On the submission path: the driver, not the ORM (see sqlPool).
  const { rows } = await sqlPool(db).query<{ domain: string }>({
    name: 'recent-submissions',
    text: `SELECT DISTINCT domain FROM enrichment_jobs
     WHERE team_id = $1 AND domain = ANY($2::text[]) AND created_at >= $3::timestamp AND status <> 'failed'`,
    values: [teamId, domains, utc(since)],
  });
  return new Set(rows.map((r) => r.domain));
}
