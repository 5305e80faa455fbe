import { type Db, sqlPool, utc } from '@enrich/db';
import { recentJobSql } from '@enrich/jobs';
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
 * limiter and the bulk preview; the admission statement charges by the same probe under its
 * domain locks. The lookups of submissions that arrive together, of any team, are one query.
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
    // On the submission path: the driver, not the ORM (see sqlPool).
    const { rows } = await sqlPool(db).query<{ team_id: string; domain: string }>({
      // A probe per domain asked, stopping at the first job found (a domain submitted again and
      // again has many); not EXISTS, which may become a hash of every job (see sqlPool). And
      // unnamed, so planned for each run: on a new database, never analyzed, the planner cannot
      // tell the (team_id, domain, created_at) index from the (team_id, created_at) one while
      // the table is small, and a connection that cached a plan on the second read every job of
      // the team on each probe as the table grew (submit at a third of its rate in bench:api).
      // Planned on each run, the estimates follow the table's size.
      text: `SELECT asked.team_id, asked.domain
       FROM unnest($1::text[], $2::text[]) AS asked(team_id, domain)
       WHERE ${recentJobSql('asked.team_id', 'asked.domain', '$3::timestamp')}`,
      values: [teams, domains, utc(since)],
    });
    const found = new Map<string, Set<string>>();
    for (const row of rows) {
      memo(found, row.team_id, () => new Set<string>()).add(row.domain);
    }
    for (const call of batch) {
      const ofTeam = found.get(call.input.teamId);
      call.resolve(new Set(call.input.domains.filter((domain) => ofTeam?.has(domain))));
    }
  });
}
