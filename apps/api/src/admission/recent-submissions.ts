import { type Db, sqlPool, utc } from '@enrich/db';
import { coalesce, memo } from '../coalesce';

interface Asked {
  teamId: string;
  domains: readonly string[];
}

type RecentLookup = (asked: Asked) => Promise<Set<string>>;

// One lookup per database client and freshness window, shared by every route of the process.
const lookups = new WeakMap<Db, Map<number, RecentLookup>>();

/**
 * Of `domains`, those this team already submitted within the freshness window, in a job that
 * did not fail. Submitting one again is a duplicate (docs/api.md): it gets its own job but
 * costs nothing against rate limits or the monthly quota. Read before admission, for the rate
 * limiter and the bulk preview; the admission statement charges by the same function
 * (`submitted_since`, a probe per domain) under its domain locks. The lookups of submissions that arrive together, of any team, are one query.
 */
export function recentlySubmitted(db: Db, teamId: string, domains: readonly string[], windowHours: number): Promise<Set<string>> {
  if (domains.length === 0 || windowHours <= 0) return Promise.resolve(new Set());
  const byWindow = memo(lookups, db, () => new Map<number, RecentLookup>());
  return memo(byWindow, windowHours, () => coalescedLookup(db, windowHours))({ teamId, domains });
}

function coalescedLookup(db: Db, windowHours: number): RecentLookup {
  return coalesce<Asked, Set<string>>(async (batch) => {
    const teams: string[] = [];
    const domains: string[] = [];
    for (const { input } of batch) {
      for (const domain of input.domains) {
        teams.push(input.teamId);
        domains.push(domain);
      }
    }
    const since = new Date(Date.now() - windowHours * 3_600_000);
    // On the submission path: the driver, not the ORM (see sqlPool). The function plans its
    // probes on each call (see its migration); admission asks the same one under its locks.
    const { rows } = await sqlPool(db).query<{ found: boolean[] }>({
      name: 'recent-submissions',
      text: 'SELECT submitted_since($1::text[], $2::text[], $3::timestamp) AS found',
      values: [teams, domains, utc(since)],
    });
    const found = new Map<string, Set<string>>();
    rows[0]?.found.forEach((submitted, i) => {
      if (submitted) memo(found, teams[i]!, () => new Set<string>()).add(domains[i]!);
    });
    for (const call of batch) {
      const ofTeam = found.get(call.input.teamId);
      call.resolve(new Set(call.input.domains.filter((domain) => ofTeam?.has(domain))));
    }
  });
}
