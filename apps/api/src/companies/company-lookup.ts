import { AppError, ErrorCode } from '@enrich/errors';
import { storedCompany } from '@enrich/jobs';
import { type FieldSelection, recordFromStored, selectFields } from '@enrich/record';
import type { z } from 'zod';
import { coalescedQuery, type Lookup } from '../coalesced-lookup';
import type { companyAnswerSchema } from '../schemas/search';
import { type ILookUpCompaniesResult, lookUpCompanies } from './company-reads.queries';

type Asked = { teamId: string; domain: string };

/** The coalesced company lookup of a process, made on its database client with the app context (caches.ts). */
export type CompanyLookups = Lookup<Asked, ILookUpCompaniesResult | null>;

// The statement and its row type: company-reads.sql.
export const companyLookups = coalescedQuery('lookup-company', lookUpCompanies, (asked: readonly Asked[]) => ({
  domains: asked.map((a) => a.domain),
  teamIds: asked.map((a) => a.teamId),
}));

/**
 * GET /companies/{domain}: the team's stored record of the domain, as a search result gives it
 * (the record plus enrichedAt). A domain the team never enriched is not found, whoever else did.
 */
export async function lookUpCompany(
  lookups: CompanyLookups,
  teamId: string,
  domain: string,
  fields?: FieldSelection,
): Promise<z.output<typeof companyAnswerSchema>> {
  const found = await lookups.load({ teamId, domain });
  const company = found && storedCompany(found);
  if (!found || !company) throw new AppError(ErrorCode.COMPANY_NOT_FOUND, `your team has not enriched ${domain}`);
  return { ...selectFields(recordFromStored(company), fields), enrichedAt: found.enrichedAt.toISOString() };
}
