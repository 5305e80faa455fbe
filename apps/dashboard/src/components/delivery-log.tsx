import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../api/endpoints';
import type { DeliveryAttempt, WebhookDelivery } from '../api/types';
import { formatDateTime, formatRelative } from '../lib/format';
import { Empty, ErrorNotice, Loading } from './states';
import { StatusBadge } from './status-badge';
import { TableHead } from './table-head';
import { eventLabel } from './webhook-fields';

const POLL_MS = 3000;

function AttemptLine({ attempt }: { attempt: DeliveryAttempt }) {
  const answer = attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : 'no answer';
  return (
    <li className="attempt">
      <span className="attempt-head">
        #{attempt.number} · {formatDateTime(attempt.attemptedAt)} · <strong>{answer}</strong> · {attempt.durationMs} ms
      </span>
      {attempt.error ? <span className="attempt-error">{attempt.error}</span> : null}
      {attempt.responseExcerpt ? <code className="attempt-excerpt">{attempt.responseExcerpt}</code> : null}
    </li>
  );
}

function Subject({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.batchId && delivery.eventType === 'batch.completed')
    return (
      <Link to={`/bulk/${delivery.batchId}`} className="mono small">
        {delivery.batchId}
      </Link>
    );
  if (delivery.jobId)
    return (
      <Link to={`/enrich/${delivery.jobId}`} className="mono small">
        {delivery.jobId}
      </Link>
    );
  return null;
}

/** An endpoint's deliveries, newest first, each with its attempts; followed live while the page is open. */
export function DeliveryLog({ webhookId, canResend }: { webhookId: string; canResend: boolean }) {
  const client = useQueryClient();
  const key = ['webhook', webhookId, 'deliveries'];
  const deliveries = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => api.webhookDeliveries(webhookId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
    refetchInterval: POLL_MS,
  });
  const resend = useMutation({
    mutationFn: (delivery: WebhookDelivery) => api.resendDelivery(webhookId, delivery.id),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
  const rows = deliveries.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section className="panel" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries</h2>
      {deliveries.isPending ? <Loading label="Loading deliveries…" /> : null}
      {deliveries.isError ? <ErrorNotice error={deliveries.error} onRetry={() => deliveries.refetch()} /> : null}
      {deliveries.isSuccess && rows.length === 0 ? (
        <Empty title="No deliveries yet.">Events appear here as jobs and batches end.</Empty>
      ) : null}
      {resend.isError ? <ErrorNotice error={resend.error} title="Could not resend the delivery" /> : null}
      {rows.length > 0 ? (
        <table className="table" data-testid="deliveries-table">
          <TableHead caption="Deliveries of this endpoint" columns={['Event', 'Status', 'Attempts', 'When']} actions />
          <tbody>
            {rows.map((delivery) => (
              <tr key={delivery.id} data-delivery-id={delivery.id}>
                <td>
                  {eventLabel(delivery.eventType)}
                  <div>
                    <Subject delivery={delivery} />
                  </div>
                  <div className="muted small mono">{delivery.id}</div>
                </td>
                <td>
                  <StatusBadge status={delivery.status} />
                  {delivery.status === 'pending' && delivery.nextAttemptAt ? (
                    <div className="muted small">next try {formatRelative(delivery.nextAttemptAt)}</div>
                  ) : null}
                  {delivery.status !== 'delivered' && delivery.lastError ? (
                    <div className="small attempt-error">{delivery.lastError}</div>
                  ) : null}
                </td>
                <td>
                  {delivery.attempts.length === 0 ? (
                    <span className="muted">None yet</span>
                  ) : (
                    <details className="details">
                      <summary>
                        {delivery.attempts.length} attempt{delivery.attempts.length === 1 ? '' : 's'}
                      </summary>
                      <ol className="attempts">
                        {delivery.attempts.map((attempt) => (
                          <AttemptLine key={attempt.number} attempt={attempt} />
                        ))}
                      </ol>
                    </details>
                  )}
                </td>
                <td>{formatRelative(delivery.createdAt)}</td>
                <td className="actions">
                  {canResend && delivery.status !== 'pending' ? (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={resend.isPending}
                      onClick={() => resend.mutate(delivery)}
                      aria-label={`Resend delivery ${delivery.id}`}
                    >
                      Resend
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {deliveries.hasNextPage ? (
        <div className="pagination">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={deliveries.isFetchingNextPage}
            onClick={() => deliveries.fetchNextPage()}
          >
            {deliveries.isFetchingNextPage ? 'Loading…' : 'Older deliveries'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
