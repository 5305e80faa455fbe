import { JOB_EVENT_SEQ, jobEventChannel, jobView, processingView } from '@enrich/jobs';
import type { FieldSelection } from '@enrich/record';
import { findTeamJob, type Polled, type PolledJobs } from '../jobs/job-view';
import type { JobEventData } from '../schemas/events';
import type { EventSource, StreamState } from './event-stream';
import type { SseEvent } from './sse-response';

/**
 * A job's events, all read from its row: `processing` (1), `started` (2, when a worker took
 * it up: started_at), then `completed` or `failed` (3). Each carries the poll's answer at that
 * point (`started` adds startedAt; `completed` has the record, `fields` selecting it). A new
 * stream gets the current one; a resumed stream every one after its Last-Event-ID.
 */
export function jobEvents(
  { job, company }: Pick<Polled, 'job' | 'company'>,
  after: number | null,
  estimatedMs: number,
  fields?: FieldSelection,
): StreamState {
  const processing = processingView(job, estimatedMs);
  const shown: SseEvent<JobEventData>[] = [{ id: JOB_EVENT_SEQ.processing, event: 'processing', data: processing }];
  if (job.startedAt)
    shown.push({ id: JOB_EVENT_SEQ.started, event: 'started', data: { ...processing, startedAt: job.startedAt.toISOString() } });
  const view = jobView(job, company, estimatedMs, fields);
  if (view.status !== 'processing') shown.push({ id: JOB_EVENT_SEQ.ended, event: view.status, data: view });
  return { events: after === null ? shown.slice(-1) : shown.filter((event) => event.id > after), ended: view.status !== 'processing' };
}

/** GET /enrich/{jobId}/events: messages only wake the stream (they carry the state's number); the row says the rest. */
export function jobEventSource(
  jobs: PolledJobs,
  prefix: string,
  job: { teamId: string; jobId: string; fields?: FieldSelection },
  estimate: () => number,
): EventSource {
  return {
    kind: 'job',
    channel: jobEventChannel(prefix, job.jobId),
    read: async (after) => jobEvents(await findTeamJob(jobs, job.teamId, job.jobId), after, estimate(), job.fields),
    heard: (message, lastSent) => (Number(message) > lastSent ? 'read' : null),
  };
}
