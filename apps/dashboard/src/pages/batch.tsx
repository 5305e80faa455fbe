import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../api/endpoints';
import type { Batch, BatchItem, InvalidEntry } from '../api/types';
import { PageHeader } from '../components/layout';
import { PageControls } from '../components/pagination';
import { Empty, ErrorNotice, Loading } from '../components/states';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime, formatNumber } from '../lib/format';
import { POLL_MS } from './job';

const ITEMS_PAGE = 100; // the API's largest page
const TABLE_PAGE = 25;
const FILTERS = ['all', 'completed', 'processing', 'failed', 'invalid'] as const;
type Filter = (typeof FILTERS)[number];

type Row = { kind: 'item'; item: BatchItem } | { kind: 'invalid'; entry: InvalidEntry };

/** Every item of a batch (at most 1,000, so at most 10 pages of 100). */
async function allItems(batchId: string): Promise<Batch> {
  const first = await api.batch(batchId, 1, ITEMS_PAGE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pagination.totalPages - 1) }, (_, i) => api.batch(batchId, i + 2, ITEMS_PAGE)),
  );
  return { ...first, items: [first, ...rest].flatMap((page) => page.items) };
}

function ItemDetails({ item }: { item: BatchItem }) {
  if (item.data)
    return item.data.sources.length ? (
      <span>
        {item.data.sources.map((source) => (
          <span key={source} className={`source-tag source-${source}`}>
            {source}
          </span>
        ))}
      </span>
    ) : (
      <span className="muted">No source could be read</span>
    );
  if (item.error)
    return (
      <span>
        <code>{item.error.code}</code> <span className="muted">{item.error.message}</span>
      </span>
    );
  return <span className="muted">—</span>;
}

function ItemsTable({ batch }: { batch: Batch }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const rows: Row[] = [
    ...batch.items.map((item) => ({ kind: 'item' as const, item })),
    ...batch.invalid.map((entry) => ({ kind: 'invalid' as const, entry })),
  ];
  const statusOf = (row: Row) => (row.kind === 'item' ? row.item.status : 'invalid');
  const counts = Object.fromEntries(FILTERS.map((f) => [f, f === 'all' ? rows.length : rows.filter((r) => statusOf(r) === f).length]));
  const shown = filter === 'all' ? rows : rows.filter((row) => statusOf(row) === filter);
  const totalPages = Math.max(1, Math.ceil(shown.length / TABLE_PAGE));
  const current = Math.min(page, totalPages);
  const pageRows = shown.slice((current - 1) * TABLE_PAGE, current * TABLE_PAGE);
  return (
    <section className="panel" aria-labelledby="items-title">
      <div className="panel-header">
        <h2 id="items-title">Companies</h2>
        <div className="field field-inline">
          <label htmlFor="items-filter">Status</label>
          <select
            id="items-filter"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as Filter);
              setPage(1);
            }}
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {f === 'all' ? 'All' : f.charAt(0).toUpperCase() + f.slice(1)} ({formatNumber(counts[f])})
              </option>
            ))}
          </select>
        </div>
      </div>
      {shown.length === 0 ? (
        <Empty title="No companies with this status." />
      ) : (
        <>
          <table className="table" data-testid="batch-items">
            <caption className="visually-hidden">Companies of the batch</caption>
            <thead>
              <tr>
                <th scope="col">Domain</th>
                <th scope="col">Status</th>
                <th scope="col">Name</th>
                <th scope="col">Industry</th>
                <th scope="col" className="num">
                  Confidence
                </th>
                <th scope="col">Sources or error</th>
              </tr>
            </thead>
            <tbody>
              {pageRows.map((row) =>
                row.kind === 'item' ? (
                  <tr key={row.item.jobId}>
                    <td>
                      <Link to={`/enrich/${row.item.jobId}`}>{row.item.domain}</Link>
                    </td>
                    <td>
                      <StatusBadge status={row.item.status} />
                    </td>
                    <td>{row.item.data?.name ?? <span className="muted">—</span>}</td>
                    <td>{row.item.data?.industry ?? <span className="muted">—</span>}</td>
                    <td className="num">{row.item.data ? row.item.data.confidence : <span className="muted">—</span>}</td>
                    <td>
                      <ItemDetails item={row.item} />
                    </td>
                  </tr>
                ) : (
                  <tr key={`invalid-${row.entry.index}`}>
                    <td className="mono break">{String(row.entry.entry)}</td>
                    <td>
                      <StatusBadge status="invalid" />
                    </td>
                    <td>
                      <span className="muted">—</span>
                    </td>
                    <td>
                      <span className="muted">—</span>
                    </td>
                    <td className="num">
                      <span className="muted">—</span>
                    </td>
                    <td>
                      <code>{row.entry.reason}</code> <span className="muted">row {row.entry.index + 1}</span>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
          <PageControls page={current} totalPages={totalPages} total={shown.length} onPage={setPage} label="Batch companies pages" />
        </>
      )}
    </section>
  );
}

export function BatchPage() {
  const { batchId = '' } = useParams();
  // Counts every second while the batch runs (one item per poll keeps it cheap)…
  const progress = useQuery({
    queryKey: ['batch', batchId, 'progress'],
    queryFn: () => api.batch(batchId, 1, 1),
    refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : POLL_MS),
    retry: false,
  });
  const done = progress.data?.status === 'completed';
  // …and the items, every few seconds meanwhile and once more when it has ended.
  const items = useQuery({
    queryKey: ['batch', batchId, 'items', done],
    queryFn: () => allItems(batchId),
    enabled: progress.isSuccess,
    refetchInterval: done ? false : 3000,
    placeholderData: (previous) => previous,
  });
  const batch = progress.data;
  return (
    <>
      <PageHeader
        title="Batch"
        description={
          <>
            <span className="mono">{batchId}</span> · <Link to="/bulk">All batches</Link>
          </>
        }
        actions={
          done ? (
            <a className="button button-primary" href={api.batchResultsUrl(batchId)} download>
              Download results CSV
            </a>
          ) : null
        }
      />
      {progress.isPending ? <Loading label="Loading the batch…" /> : null}
      {progress.isError && !batch ? (
        <ErrorNotice error={progress.error} title="This batch could not be loaded" onRetry={() => progress.refetch()} />
      ) : null}
      {batch ? (
        <section className="panel" aria-labelledby="progress-title">
          <div className="panel-header">
            <h2 id="progress-title">Progress</h2>
            <StatusBadge status={batch.status} />
          </div>
          <progress className="bar bar-large" max={100} value={batch.progress} aria-label="Batch progress" />
          <p className="progress-text" aria-live="polite" data-testid="batch-progress">
            {batch.progress}% · {formatNumber(batch.completed + batch.failed)} of {formatNumber(batch.total)} done
          </p>
          <dl className="figures">
            <div>
              <dt>Entries received</dt>
              <dd>{formatNumber(batch.entriesReceived)}</dd>
            </div>
            <div>
              <dt>Completed</dt>
              <dd data-testid="batch-completed">{formatNumber(batch.completed)}</dd>
            </div>
            <div>
              <dt>Processing</dt>
              <dd>{formatNumber(batch.pending)}</dd>
            </div>
            <div>
              <dt>Failed</dt>
              <dd>{formatNumber(batch.failed)}</dd>
            </div>
            <div>
              <dt>Duplicates</dt>
              <dd>{formatNumber(batch.duplicateEntries)}</dd>
            </div>
            <div>
              <dt>Invalid</dt>
              <dd>{formatNumber(batch.invalid.length)}</dd>
            </div>
          </dl>
          <p className="muted">
            Started {formatDateTime(batch.createdAt)}
            {batch.completedAt ? ` · finished ${formatDateTime(batch.completedAt)}` : ''}
          </p>
        </section>
      ) : null}
      {items.isError ? <ErrorNotice error={items.error} title="The companies could not be loaded" onRetry={() => items.refetch()} /> : null}
      {items.data ? <ItemsTable batch={items.data} /> : batch ? <Loading label="Loading the companies…" /> : null}
    </>
  );
}
