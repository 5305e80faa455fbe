import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../api/endpoints';
import { PageHeader } from '../components/layout';
import { RecordView } from '../components/record-view';
import { ErrorNotice, Loading } from '../components/states';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime } from '../lib/format';
import { useEnrich } from './enrich';

export const POLL_MS = 1000;

/** One job, polled every second while it is processing, then its full record. */
export function JobPage() {
  const { jobId = '' } = useParams();
  const enrich = useEnrich();
  const job = useQuery({
    queryKey: ['job', jobId],
    queryFn: () => api.job(jobId),
    refetchInterval: (query) => (query.state.data?.status === 'processing' || query.state.error ? POLL_MS : false),
    // A 429 or a network blip while polling: keep the last answer and poll on.
    retry: false,
  });
  const data = job.data;
  const title = data ? data.domain : 'Enrichment';
  return (
    <>
      <PageHeader
        title={title}
        description={<Link to="/enrich">← Enrich another company</Link>}
        actions={
          data && data.status !== 'processing' ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={enrich.isPending}
              onClick={() => enrich.mutate({ domain: data.domain, refresh: true })}
            >
              {enrich.isPending ? 'Starting…' : 'Refresh data'}
            </button>
          ) : null
        }
      />
      {enrich.isError ? <ErrorNotice error={enrich.error} title="Could not refresh" /> : null}
      {job.isPending ? <Loading label="Loading the job…" /> : null}
      {job.isError && !data ? <ErrorNotice error={job.error} title="This job could not be loaded" onRetry={() => job.refetch()} /> : null}
      {data ? (
        <div className="job-status" aria-live="polite">
          <StatusBadge status={data.status} />
          {data.status === 'processing' ? (
            <span className="job-progress">
              <span className="spinner" aria-hidden="true" /> Reading the website and other sources… expected by{' '}
              {formatDateTime(data.estimatedCompletion)}
            </span>
          ) : (
            <span className="muted">
              Started {formatDateTime(data.createdAt)} · finished {formatDateTime(data.completedAt)}
            </span>
          )}
        </div>
      ) : null}
      {data?.status === 'failed' ? (
        <ErrorNotice error={new Error(data.error.message)} title={`The enrichment failed (${data.error.code})`} />
      ) : null}
      {data?.status === 'completed' ? <RecordView record={data.data} /> : null}
    </>
  );
}
