import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../api/endpoints';
import type { Batch, BatchItem, InvalidEntry, JobStatus } from '../api/types';
import { PageHeader } from '../components/layout';
import { PageControls } from '../components/pagination';
import { Empty, ErrorNotice, Loading } from '../components/states';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime, formatNumber } from '../lib/format';
import { type LiveMode, POLL_MS, useEventStream } from '../use-event-stream';

const TABLE_PAGE = 25;
// Items are read again at most this often while they end, and every 3 s when polling.
const ITEMS_RELOAD_MS = 1500;
const ITEMS_POLL_MS = 3000;
const FILTERS = ['all', 'completed', 'processing', 'failed', 'invalid'] as const;
type Filter = (typeof FILTERS)[number];
type Row = { kind: 'item'; item: BatchItem } | { kind: 'invalid'; entry: InvalidEntry };

const BATCH_EVENTS = ['progress', 'item'] as const;
/** The data of a batch stream's events (GET /enrich/bulk/{id}/events). */
type BatchEvent = Pick<Batch, 'batchId' | 'status' | 'total' | 'completed' | 'failed' | 'pending' | 'progress'> & {
  item?: Pick<BatchItem, 'jobId' | 'domain' | 'status' | 'error'>;
};

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

/**
 * One page of the batch's companies: the items in the chosen state, paged by the API
 * (status=), or the invalid entries the submission reported. Read again when `version` says
 * items ended, and every few seconds when `poll` (the event stream failed).
 */
function ItemsTable({ batch, version, poll }: { batch: Batch; version: number; poll: boolean }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const status: JobStatus | undefined = filter === 'all' || filter === 'invalid' ? undefined : filter;
  const items = useQuery({
    queryKey: ['batch', batch.batchId, 'items', filter, page, version, batch.status],
    queryFn: () => api.batch(batch.batchId, page, TABLE_PAGE, status),
    enabled: filter !== 'invalid',
    refetchInterval: poll && batch.status !== 'completed' ? ITEMS_POLL_MS : false,
    placeholderData: (previous) => previous,
  });
  const counts: Record<Filter, number> = {
    all: batch.total,
    completed: batch.completed,
    processing: batch.pending,
    failed: batch.failed,
    invalid: batch.invalid.length,
  };
  const invalid = filter === 'invalid';
  const rows: Row[] = invalid
    ? batch.invalid.slice((page - 1) * TABLE_PAGE, page * TABLE_PAGE).map((entry) => ({ kind: 'invalid' as const, entry }))
    : (items.data?.items ?? []).map((item) => ({ kind: 'item' as const, item }));
  const total = invalid ? batch.invalid.length : (items.data?.pagination.total ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / TABLE_PAGE));
  const loading = !invalid && items.isPending;
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
      {items.isError && !invalid ? (
        <ErrorNotice error={items.error} title="The companies could not be loaded" onRetry={() => items.refetch()} />
      ) : null}
      {loading ? <Loading label="Loading the companies…" /> : null}
      {loading ? null : rows.length === 0 ? (
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
              {rows.map((row) =>
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
          <PageControls
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            total={total}
            onPage={setPage}
            label="Batch companies pages"
          />
        </>
      )}
    </section>
  );
}

/**
 * A batch: read once, then its counts followed live through its event stream (one event per
 * item that ends) and its companies read again as items end; polled instead (counts every
 * second, companies every 3 s) if the stream fails.
 */
export function BatchPage() {
  const { batchId = '' } = useParams();
  const client = useQueryClient();
  const [mode, setMode] = useState<LiveMode>('stream');
  const [updatedBy, setUpdatedBy] = useState<'poll' | 'stream'>('poll');
  // The counts and the submission's report (one item per read keeps it cheap).
  const progress = useQuery({
    queryKey: ['batch', batchId, 'progress'],
    queryFn: () => api.batch(batchId, 1, 1),
    refetchInterval: (query) => (mode === 'poll' && query.state.data?.status === 'processing' ? POLL_MS : false),
    retry: false,
  });
  const done = progress.data?.status === 'completed';
  const [itemsVersion, setItemsVersion] = useState(0);
  const reload = useRef<number | null>(null);
  useEffect(() => () => window.clearTimeout(reload.current ?? undefined), []);
  const itemsEnded = () => {
    if (reload.current !== null) return;
    reload.current = window.setTimeout(() => {
      reload.current = null;
      setItemsVersion((version) => version + 1);
    }, ITEMS_RELOAD_MS);
  };
  useEventStream(
    mode === 'stream' && progress.data && !done ? api.batchEventsUrl(batchId) : null,
    BATCH_EVENTS,
    (_name, data) => {
      const { item, batchId: _id, ...counts } = data as BatchEvent;
      client.setQueryData<Batch>(['batch', batchId, 'progress'], (old) => (old ? { ...old, ...counts } : old));
      setUpdatedBy('stream');
      if (item) itemsEnded();
      // Ended: read it once more for its completion time.
      if (counts.status === 'completed') void client.invalidateQueries({ queryKey: ['batch', batchId, 'progress'] });
      return counts.status === 'completed';
    },
    () => setMode('poll'),
  );
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
          <p className="progress-text" aria-live="polite" data-testid="batch-progress" data-updated-by={updatedBy}>
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
      {batch ? <ItemsTable batch={batch} version={itemsVersion} poll={mode === 'poll'} /> : null}
    </>
  );
}
