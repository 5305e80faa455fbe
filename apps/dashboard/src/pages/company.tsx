import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { EnrichError } from '../api/client';
import { api } from '../api/endpoints';
import type { SearchResult } from '../api/types';
import { ChangeFeed } from '../components/change-feed';
import { PageHeader } from '../components/layout';
import { RecordView } from '../components/record-view';
import { Empty, ErrorNotice, Loading } from '../components/states';
import { formatDateTime } from '../lib/format';
import { useEnrich } from './enrich';

/**
 * One company of the team. Opened from the list, the record comes along; opened from an
 * address, it is looked up (GET /companies/{domain}); null when the team never enriched it.
 */
async function findCompany(domain: string): Promise<SearchResult | null> {
  try {
    return await api.company(domain);
  } catch (error) {
    if (error instanceof EnrichError && error.code === 'COMPANY_NOT_FOUND') return null;
    throw error;
  }
}

export function CompanyPage() {
  const { domain = '' } = useParams();
  const location = useLocation();
  const passed = (location.state as { record?: SearchResult } | null)?.record;
  const enrich = useEnrich();
  const company = useQuery({
    queryKey: ['company', domain],
    queryFn: () => findCompany(domain),
    initialData: passed?.domain === domain ? passed : undefined,
    staleTime: passed ? 30_000 : 0,
  });
  return (
    <>
      <PageHeader
        title={company.data?.name ?? domain}
        description={
          <>
            <Link to="/companies">← All companies</Link>
            {company.data ? <span className="muted"> · enriched {formatDateTime(company.data.enrichedAt)}</span> : null}
          </>
        }
        actions={
          company.data ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={enrich.isPending}
              onClick={() => enrich.mutate({ domain, refresh: true })}
            >
              {enrich.isPending ? 'Starting…' : 'Refresh data'}
            </button>
          ) : null
        }
      />
      {enrich.isError ? <ErrorNotice error={enrich.error} title="Could not refresh" /> : null}
      {company.isPending ? <Loading label="Loading the company…" /> : null}
      {company.isError ? <ErrorNotice error={company.error} onRetry={() => company.refetch()} /> : null}
      {company.isSuccess && !company.data ? (
        <Empty title="Your team has not enriched this company.">
          <Link to="/enrich">Enrich it</Link>
        </Empty>
      ) : null}
      {company.data ? <RecordView record={company.data} /> : null}
      {company.isSuccess ? <ChangeFeed domain={domain} title="Changes" /> : null}
    </>
  );
}
