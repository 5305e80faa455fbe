import type { Prisma } from '@enrich/db';

type Tx = Prisma.TransactionClient;

/**
 * Domains whose stored company record is fresh: enriched within the window by any team, with
 * at least one source that contributed. A job for such a domain completes at once from the
 * stored record, without scraping. A record without sources (the site could not be read) is
 * never reused, so the next submission tries again.
 */
export async function freshDomains(tx: Tx, domains: readonly string[], windowHours: number, now: Date): Promise<Set<string>> {
  if (domains.length === 0 || windowHours === 0) return new Set();
  const cutoff = new Date(now.getTime() - windowHours * 3_600_000);
  const rows = await tx.$queryRaw<{ domain: string }[]>`
    SELECT domain FROM companies
    WHERE domain = ANY(${[...domains]}::text[]) AND enriched_at > ${cutoff}::timestamp AND cardinality(sources) > 0`;
  return new Set(rows.map((r) => r.domain));
}

/** Records that the team has (again) got this company, for its search. */
export async function touchTeamCompanies(tx: Tx, teamId: string, domains: readonly string[], at: Date): Promise<void> {
  if (domains.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO team_companies (team_id, domain, enriched_at)
    SELECT ${teamId}, d, ${at}::timestamp FROM unnest(${[...domains]}::text[]) AS d
    ON CONFLICT (team_id, domain) DO UPDATE SET enriched_at = EXCLUDED.enriched_at`;
}
