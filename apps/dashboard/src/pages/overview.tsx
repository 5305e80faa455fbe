import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../api/endpoints';
import type { Window } from '../api/types';
import { DailyChart } from '../components/daily-chart';
import { PageHeader } from '../components/layout';
import { Empty, ErrorNotice, Loading } from '../components/states';
import { BatchesTable, JobsTable } from '../components/work-tables';
import { formatDateTime, formatNumber, percent } from '../lib/format';

function WindowRow({ label, window }: { label: string; window: Window | null }) {
  return (
    <div className="stat-row">
      <dt>{label}</dt>
      <dd>
        {window ? (
          <>
            {formatNumber(window.remaining)} of {formatNumber(window.limit)} left
            <span className="muted">resets {formatRelativeFuture(window.resetsAt)}</span>
          </>
        ) : (
          <span className="muted">No limit</span>
        )}
      </dd>
    </div>
  );
}

function formatRelativeFuture(value: string): string {
  const ms = new Date(value).getTime() - Date.now();
  if (!Number.isFinite(ms)) return '—';
  if (ms <= 60_000) return 'within a minute';
  if (ms < 3_600_000) return `in ${Math.round(ms / 60_000)} min`;
  if (ms < 86_400_000) return `in ${Math.round(ms / 3_600_000)} h`;
  return formatDateTime(value);
}

function UsageCards() {
  const usage = useQuery({ queryKey: ['usage'], queryFn: api.usage, refetchInterval: 30_000 });
  if (usage.isPending) return <Loading label="Loading usage…" />;
  if (usage.isError) return <ErrorNotice error={usage.error} title="Usage could not be loaded" onRetry={() => usage.refetch()} />;
  const { plan, month, rateLimits, daily } = usage.data;
  const used = month.quota === null ? 0 : percent(month.enrichments, month.quota);
  return (
    <>
      <div className="cards">
        <section className="card" aria-labelledby="plan-title">
          <h2 id="plan-title" className="card-title">
            Plan
          </h2>
          <p className="card-figure plan-name">{plan}</p>
          <p className="muted">Quota resets {formatDateTime(month.resetsAt)}</p>
        </section>
        <section className="card" aria-labelledby="month-title">
          <h2 id="month-title" className="card-title">
            Enrichments this month
          </h2>
          <p className="card-figure">
            {formatNumber(month.enrichments)}{' '}
            <span className="card-figure-sub">{month.quota === null ? 'no monthly quota' : `of ${formatNumber(month.quota)}`}</span>
          </p>
          {month.quota === null ? null : (
            <>
              <progress className={`bar${used >= 90 ? ' bar-warn' : ''}`} max={100} value={used} aria-label="Monthly quota used">
                {used}%
              </progress>
              <p className="muted">
                {used}% used · {formatNumber(month.remaining)} left
              </p>
            </>
          )}
        </section>
        <section className="card" aria-labelledby="limits-title">
          <h2 id="limits-title" className="card-title">
            Rate limits
          </h2>
          <dl className="stats">
            <WindowRow label="Per minute" window={rateLimits.perMinute} />
            <WindowRow label="Per day" window={rateLimits.perDay} />
          </dl>
        </section>
      </div>
      <section className="panel" aria-labelledby="daily-title">
        <h2 id="daily-title">Enrichments per day</h2>
        {daily.some((d) => d.enrichments > 0) ? (
          <DailyChart days={daily} />
        ) : (
          <Empty title="No enrichments in the last 30 days.">
            <Link to="/enrich">Enrich a domain</Link> or <Link to="/bulk">upload a list</Link> to get started.
          </Empty>
        )}
      </section>
    </>
  );
}

function RecentJobs() {
  const jobs = useQuery({ queryKey: ['jobs', 'recent'], queryFn: () => api.recentJobs(8) });
  return (
    <section className="panel" aria-labelledby="jobs-title">
      <div className="panel-header">
        <h2 id="jobs-title">Recent enrichments</h2>
        <Link to="/enrich">New</Link>
      </div>
      {jobs.isPending ? <Loading /> : null}
      {jobs.isError ? <ErrorNotice error={jobs.error} onRetry={() => jobs.refetch()} /> : null}
      {jobs.data && jobs.data.data.length === 0 ? <Empty title="No single enrichments yet." /> : null}
      {jobs.data && jobs.data.data.length > 0 ? <JobsTable jobs={jobs.data.data} caption="Recent enrichments" /> : null}
    </section>
  );
}

function RecentBatches() {
  const batches = useQuery({ queryKey: ['batches', 'recent'], queryFn: () => api.batches(5) });
  return (
    <section className="panel" aria-labelledby="batches-title">
      <div className="panel-header">
        <h2 id="batches-title">Recent batches</h2>
        <Link to="/bulk">New</Link>
      </div>
      {batches.isPending ? <Loading /> : null}
      {batches.isError ? <ErrorNotice error={batches.error} onRetry={() => batches.refetch()} /> : null}
      {batches.data && batches.data.data.length === 0 ? <Empty title="No batches yet." /> : null}
      {batches.data && batches.data.data.length > 0 ? <BatchesTable batches={batches.data.data} caption="Recent batches" /> : null}
    </section>
  );
}

export function OverviewPage() {
  return (
    <>
      <PageHeader title="Overview" description="Your plan, this month's usage and the latest work." />
      <UsageCards />
      <div className="columns">
        <RecentJobs />
        <RecentBatches />
      </div>
    </>
  );
}
