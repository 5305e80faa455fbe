import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EnrichError } from '../api/client';
import { api } from '../api/endpoints';
import type { Change } from '../api/types';
import { fieldLabel, formatRelative } from '../lib/format';
import { Empty, ErrorNotice, Loading } from './states';
import { TableHead } from './table-head';

const valueText = (value: Change['oldValue']) => (value === null ? '—' : Array.isArray(value) ? value.join(', ') : String(value));

/**
 * Changes refreshes found, newest first, a page at a time: of one company (`domain`), or of every
 * domain the team watches or enriched (the team's feed, each row naming its company).
 */
export function ChangeFeed({ domain, title }: { domain?: string; title: string }) {
  const feed = useInfiniteQuery({
    queryKey: ['changes', domain ?? 'team'],
    queryFn: ({ pageParam }): Promise<{ data: Change[]; pagination: { nextCursor: string | null } }> =>
      domain === undefined ? api.teamChanges(pageParam) : api.companyChanges(domain, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
  });
  // A company the team neither enriched nor watches has no history it may read: nothing to show.
  if (feed.error instanceof EnrichError && feed.error.code === 'COMPANY_NOT_FOUND') return null;
  const rows = feed.data?.pages.flatMap((page) => page.data) ?? [];
  const columns = domain === undefined ? ['When', 'Company', 'Field', 'Was', 'Now'] : ['When', 'Field', 'Was', 'Now'];
  return (
    <section className="panel" aria-labelledby={`changes-${domain ?? 'team'}`} data-testid="change-feed">
      <h2 id={`changes-${domain ?? 'team'}`}>{title}</h2>
      {feed.isPending ? <Loading label="Loading changes…" /> : null}
      {feed.isError ? <ErrorNotice error={feed.error} onRetry={() => feed.refetch()} /> : null}
      {feed.data && rows.length === 0 ? (
        <Empty title="No changes seen yet.">Monitored companies are compared with their last record at every check.</Empty>
      ) : null}
      {rows.length > 0 ? (
        <table className="table">
          <TableHead caption={title} columns={columns} />
          <tbody>
            {rows.map((change) => (
              <tr key={change.id}>
                <td title={change.observedAt}>{formatRelative(change.observedAt)}</td>
                {domain === undefined ? (
                  <td>
                    <Link to={`/companies/${encodeURIComponent(change.domain ?? '')}`} className="mono">
                      {change.domain}
                    </Link>
                  </td>
                ) : null}
                <td>{fieldLabel(change.field)}</td>
                <td className="muted break">{valueText(change.oldValue)}</td>
                <td className="break">{valueText(change.newValue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {feed.hasNextPage ? (
        <button type="button" className="button button-secondary" onClick={() => feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
          {feed.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </section>
  );
}
