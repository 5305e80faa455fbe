import { AppError, ErrorCode } from '@enrich/errors';
import { STORED_COMPANY_SQL } from '@enrich/jobs';
import { type FieldSelection, recordFromStored, type StoredCompany, selectFields } from '@enrich/record';
import { coalescedLookup, type Lookup } from '../coalesced-lookup';

// The team's list entry (team_companies: what search covers) and the company it names.
const LOOKUP_SQL = `
  SELECT tc.enriched_at AS "enrichedAt", ${STORED_COMPANY_SQL} AS company, asked.n
  FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS asked(domain, team_id, n)
  CROSS JOIN LATERAL (SELECT * FROM team_companies tc WHERE tc.team_id = asked.team_id AND tc.domain = asked.domain LIMIT 1) tc
  CROSS JOIN LATERAL (SELECT * FROM companies c WHERE c.domain = tc.domain LIMIT 1) c`;

type Asked = { teamId: string; domain: string };
type Found = { enrichedAt: Date; company: StoredCompany };

/** The coalesced company lookup of a process, made on its database client with the app context (caches.ts). */
export type CompanyLookups = Lookup<Asked, Found | null>;

export const companyLookups = coalescedLookup<Asked, Found>('lookup-company', LOOKUP_SQL, (asked) => [
  asked.map((a) => a.domain),
  asked.map((a) => a.teamId),
]);

/**
 * GET /companies/{domain}: the team's stored record of the domain, as a search result gives it
 * (the record plus enrichedAt). A domain the team never enriched is not found, whoever else did.
 */
export async function lookUpCompany(lookups: CompanyLookups, teamId: string, domain: string, fields?: FieldSelection) {
  const found = await lookups.load({ teamId, domain });
  if (!found) throw new AppError(ErrorCode.COMPANY_NOT_FOUND, `your team has not enriched ${domain}`);
  return { ...selectFields(recordFromStored(found.company), fields), enrichedAt: found.enrichedAt.toISOString() };
}
