import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../api/endpoints';
import type { Job } from '../api/types';
import { PageHeader } from '../components/layout';
import { RecordView } from '../components/record-view';
import { ErrorNotice, Loading } from '../components/states';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime } from '../lib/format';
import { type LiveMode, POLL_MS, useEventStream } from '../use-event-stream';
import { useEnrich } from './enrich';

const JOB_EVENTS = ['processing', 'started', 'completed', 'failed'] as const;

/**
 * One job: read once, then followed live through its event stream while it is processing
 * (each event is the poll's answer), then its full record. Polled every second instead if the
 * stream fails.
 */
export function JobPage() {
  const { jobId = '' } = useParams();
  const enrich = useEnrich();
  const client = useQueryClient();
  const [mode, setMode] = useState<LiveMode>('stream');
  const [updatedBy, setUpdatedBy] = useState<'poll' | 'stream'>('poll');
  const job = useQuery({
    queryKey: ['job', jobId],
    queryFn: () => api.job(jobId),
    refetchInterval: (query) => ((mode === 'poll' && query.state.data?.status === 'processing') || query.state.error ? POLL_MS : false),
    // A 429 or a network blip while polling: keep the last answer and poll on.
    retry: false,
  });
  const following = mode === 'stream' && job.data?.status === 'processing';
  useEventStream(
    following ? api.jobEventsUrl(jobId) : null,
    JOB_EVENTS,
    (_name, event) => {
      const { startedAt: _startedAt, ...answer } = event as Job & { startedAt?: string };
      client.setQueryData(['job', jobId], answer as Job);
      setUpdatedBy('stream');
      return answer.status !== 'processing';
    },
    () => setMode('poll'),
  );
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
        <div className="job-status" aria-live="polite" data-testid="job-status" data-updated-by={updatedBy}>
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
