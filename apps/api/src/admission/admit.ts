import { type Db, newId, newJobId } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import { type AdmissionInput, type AdmittedJob, admitJobs, type BatchEntryInput, type OneOffWebhook, undoAdmission } from '@enrich/jobs';
import type { Logger } from '@enrich/logger';
import { batchFlow, type QueueStore, type RetryPolicy, startJob, webhookJobs } from '@enrich/queue';
import type { FlowJob } from 'bullmq';
import type { AppParts } from '../app-context';
import type { ClassifiedEntries } from '../bulk/classify-entries';
import { batchedPerTurn } from '../coalesced-lookup';
import { monthStart, nextMonthStart, type QuotaState, quotaExceeded } from '../limits/monthly-quota';
import { withTimeout } from '../with-timeout';

export interface AdmitDeps {
  db: Db;
  queues: QueueStore;
  retry: RetryPolicy;
  freshnessWindowHours: number;
  logger: Logger;
  /** Single submissions arriving together, admitted together (coalescedSingles): one path per app context. */
  singles: (single: SingleAdmission) => Promise<Admission<{ domain: string }>>;
}

/** What admitting needs, built once with the app context (app-context.ts) and shared by every route of it. */
export function admitDeps(ctx: AppParts): AdmitDeps {
  const retry = { attempts: ctx.config.JOB_ATTEMPTS, backoffMs: ctx.config.JOB_BACKOFF_MS };
  const deps = {
    db: ctx.db,
    queues: ctx.queues,
    retry,
    freshnessWindowHours: ctx.config.FRESHNESS_WINDOW_HOURS,
    logger: ctx.logger,
  };
  return { ...deps, singles: coalescedSingles(deps) };
}

interface SingleAdmission {
  submitter: Submitter;
  domain: string;
  refresh: boolean;
  webhook: OneOffWebhook | null;
  requestId: string | undefined;
}

/** The team admitting (an authenticated team): whose jobs, whose monthly quota. */
export interface Submitter {
  teamId: string;
  limits: { monthly: number | null };
}

/** What the bulk request held beside its accepted domains, kept with the batch. */
export type BatchEntries = Pick<ClassifiedEntries, 'received' | 'invalid' | 'duplicates'> & {
  /** Names of the input rows' cells (the CSV header row, or ["domain"]). */
  inputColumns: string[];
  /** Every entry in order, with its input row (batchEntries()). */
  entries: BatchEntryInput[];
};

/**
 * Distinct domains to admit, each with whatever the caller keeps beside it: a batch (its row
 * is written, its jobs are queued as one batch flow) or a single submission, one domain whose
 * job has no batch (`batch_id` NULL) and is queued in a start job (see flowsOf).
 */
export type AdmissionRequest<T extends { domain: string }> = {
  /** Run the pipeline even where a fresh stored record exists. */
  refresh: boolean;
  /** The submission's one-off webhook: its job's events (a batch's: every item's and the batch's) go there too. */
  webhook?: OneOffWebhook | null;
  /** The submitting request's id (X-Request-Id): carried by its queue jobs into every step's and delivery's log lines. */
  requestId?: string;
} & ({ batch: BatchEntries; items: readonly T[] } | { batch?: undefined; items: readonly [T] });

export interface Admission<T> {
  batchId: string | null;
  /** One job per item, in the order given. */
  jobs: (T & AdmittedJob)[];
  /** Domains counted against the monthly quota: those the team had not submitted within the freshness window. */
  charged: number;
  /** Jobs queued to run; the others completed at once from fresh stored records. */
  queued: number;
  quota: QuotaState | undefined;
}

// BullMQ waits for a connection that has never been ready instead of failing; bound it. A big
// batch is one large Redis transaction (three jobs per domain), so its bound grows with it:
// a busy Redis may take seconds over 1,000 domains without being down.
const enqueueTimeoutMs = (jobs: number) => 3000 + 5 * jobs;

const queueUnavailable = (cause?: unknown) =>
  new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'the job queue is unavailable; retry shortly', { retryable: true, cause });

/**
 * Admits domains for a team, single submission or bulk alike. One Postgres transaction (the
 * record of truth, admitJobs) locks the domains, so that admissions sharing one run one after
 * another on any replica, then counts the domains the team had not submitted recently against
 * its monthly quota (or refuses them all) and writes the batch row if any and every job row;
 * a domain with a fresh stored record is written completed and the team gets the company in
 * its search list; a domain already being enriched gets a job that follows that run. Then one
 * Redis transaction queues the jobs that run. Single submissions arriving together share both
 * steps (coalescedSingles). When the queue cannot take it, the rows and the quota
 * count are undone and the caller gets 503: a job is accepted only when it is both recorded
 * and queued. Should the process die between the two steps, the reconciler queues the rows.
 */
export async function admit<T extends { domain: string }>(
  deps: AdmitDeps,
  submitter: Submitter,
  request: AdmissionRequest<T>,
): Promise<Admission<T>> {
  if (request.batch) return admitGroup(deps, submitter, request);
  const [item] = request.items;
  const admission = await deps.singles({
    submitter,
    domain: item.domain,
    refresh: request.refresh,
    webhook: request.webhook ?? null,
    requestId: request.requestId,
  });
  return { ...admission, jobs: [{ ...item, ...admission.jobs[0]! }] };
}

/**
 * Single submissions that arrive together (in one turn of the event loop) are admitted
 * together: per team one admission statement and one queue transaction for all their jobs, so
 * under load a team's submissions share one lock of its month's usage row, one commit and one
 * Redis round trip instead of queueing behind each other. A group is all or nothing against
 * the quota; when it does not fit, each submission of it is admitted alone, so exactly what the
 * quota allows is admitted.
 */
function coalescedSingles(deps: Omit<AdmitDeps, 'singles'>): (single: SingleAdmission) => Promise<Admission<{ domain: string }>> {
  type Answer = Admission<{ domain: string }> | Error;
  const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
  const admitOne = ({ submitter, domain, refresh, webhook, requestId }: SingleAdmission) =>
    admitGroup(deps, submitter, { items: [{ domain, webhook, requestId }], refresh });
  // One team's singles (one plan, one refresh flag), in order; when the group would pass the
  // quota, each is tried alone so that those still within it are admitted.
  const admitTogether = async (singles: SingleAdmission[]): Promise<Answer[]> => {
    const { submitter, refresh } = singles[0]!;
    const items = singles.map(({ domain, webhook, requestId }) => ({ domain, webhook, requestId }));
    try {
      const group = await admitGroup(deps, submitter, { items, refresh });
      return group.jobs.map((job) => ({
        batchId: null,
        jobs: [job],
        charged: job.charged ? 1 : 0,
        queued: job.fresh ? 0 : 1,
        quota: group.quota,
      }));
    } catch (error) {
      if (singles.length > 1 && error instanceof AppError && error.code === ErrorCode.QUOTA_EXCEEDED) {
        return Promise.all(singles.map((single) => admitOne(single).catch(asError)));
      }
      return singles.map(() => asError(error));
    }
  };
  const singles = batchedPerTurn<SingleAdmission, Admission<{ domain: string }>>(async (batch) => {
    const groups = new Map<string, number[]>();
    batch.forEach(({ submitter, refresh }, i) => {
      const key = `${submitter.teamId}\0${refresh}\0${submitter.limits.monthly}`;
      const group = groups.get(key);
      if (group) group.push(i);
      else groups.set(key, [i]);
    });
    const answers: Answer[] = new Array(batch.length);
    await Promise.all(
      [...groups.values()].map(async (indexes) => {
        const answered = await admitTogether(indexes.map((i) => batch[i]!));
        for (const [k, i] of indexes.entries()) answers[i] = answered[k]!;
      }),
    );
    return answers;
  });
  return (single) => singles.load(single);
}

/**
 * Admits one batch, or one or more single submissions of one team, in one statement. A single
 * submission's item carries its own one-off webhook and request id (submissions admitted
 * together each have theirs).
 */
async function admitGroup<T extends { domain: string; webhook?: OneOffWebhook | null; requestId?: string }>(
  deps: Omit<AdmitDeps, 'singles'>,
  submitter: Submitter,
  request: AdmissionRequest<T> | { batch?: undefined; items: readonly T[]; refresh: boolean; webhook?: undefined; requestId?: undefined },
): Promise<Admission<T>> {
  if (!deps.queues.isAvailable()) throw queueUnavailable();
  const batch = request.batch ? { id: newId('bat'), ...request.batch } : undefined;
  const batchId = batch?.id ?? null;
  const createdAt = new Date();
  const ids = request.items.map((item) => ({ id: newJobId(), domain: item.domain, webhook: item.webhook ?? request.webhook ?? null }));
  // One window for both: a record enriched within it is fresh, a submission within it makes the next a duplicate.
  const windowStart = deps.freshnessWindowHours === 0 ? null : new Date(createdAt.getTime() - deps.freshnessWindowHours * 3_600_000);
  const admission: AdmissionInput = {
    teamId: submitter.teamId,
    batch: batch
      ? {
          id: batch.id,
          entriesReceived: batch.received,
          invalidEntries: batch.invalid,
          duplicateEntries: batch.duplicates.length,
          inputColumns: batch.inputColumns,
          entries: batch.entries,
          webhook: request.webhook ?? null,
        }
      : null,
    createdAt,
    jobs: ids,
    monthlyQuota: submitter.limits.monthly,
    month: monthStart(createdAt),
    freshAfter: request.refresh ? null : windowStart,
    duplicateSince: windowStart,
  };
  const result = await admitJobs(deps.db, admission);
  if (!result.admitted) throw await quotaExceeded(deps.db, submitter.teamId, result.charge, submitter.limits.monthly, createdAt);
  const jobs = request.items.map((item, i) => ({ ...item, ...result.jobs[i]! }));
  const charged = jobs.filter((job) => job.charged).length;
  const quota =
    result.used === null ? undefined : { limit: submitter.limits.monthly, used: result.used, resetTime: nextMonthStart(createdAt) };

  const toRun = jobs
    .filter((job) => !job.fresh)
    .map((job) => ({ jobId: job.id, domain: job.domain, requestId: job.requestId ?? request.requestId }));
  const flows = flowsOf(batchId, toRun, deps.retry, request.requestId);
  // Webhook deliveries owed by jobs answered from fresh records (written with them): with the
  // request's id, or the one its submissions admitted together share.
  const requestIds = new Set(request.items.map((item) => item.requestId ?? request.requestId));
  const deliveries = webhookJobs(result.deliveries, deps.retry, requestIds.size === 1 ? [...requestIds][0] : undefined);
  if (flows.length === 0 && deliveries.length > 0) {
    // Nothing else to queue: the jobs are complete whatever Redis says; the reconciler queues what it refuses.
    await withTimeout(deps.queues.flows().addBulk(deliveries), enqueueTimeoutMs(deliveries.length)).catch((error: unknown) =>
      deps.logger.warn('could not queue webhook deliveries; the reconciler will', { deliveries: deliveries.length, error }),
    );
  }
  if (flows.length > 0) {
    try {
      await withTimeout(deps.queues.flows().addBulk([...flows, ...deliveries]), enqueueTimeoutMs(toRun.length + deliveries.length));
    } catch (error) {
      await undoAdmission(deps.db, admission, result).catch(() => undefined);
      throw queueUnavailable(error);
    }
  }
  return { batchId, jobs, charged, queued: toRun.length, quota };
}

// A batch is one flow under its batch job; jobs without a batch (single submissions admitted
// together) are one start job, whose worker adds their enrichment flows.
function flowsOf(
  batchId: string | null,
  toRun: { jobId: string; domain: string; requestId?: string }[],
  retry: RetryPolicy,
  requestId: string | undefined,
): FlowJob[] {
  if (toRun.length === 0) return [];
  if (batchId) return [batchFlow(batchId, toRun, retry, requestId)];
  return [startJob(toRun, retry)];
}
