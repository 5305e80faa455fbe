import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { api, type BulkInput } from '../api/endpoints';
import type { Monitor, MonitorCreateResult, MonitorInterval, MonitorState } from '../api/types';
import { ChangeFeed } from '../components/change-feed';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DomainListField } from '../components/domain-list-field';
import { PageHeader } from '../components/layout';
import { SelectField } from '../components/select-field';
import { Empty, ErrorNotice, Loading, Notice } from '../components/states';
import { StatusBadge } from '../components/status-badge';
import { TableHead } from '../components/table-head';
import { describeFile, looksLikeCsv, parsePastedList } from '../lib/domain-list';
import { formatDateTime, formatNumber, formatRelative } from '../lib/format';

// Monthly first: every plan allows it.
const INTERVALS: { value: MonitorInterval; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'daily', label: 'Daily' },
];

// The table's filter: GET /monitors?state=, or every monitor.
type StateFilter = MonitorState | 'all';
const STATE_FILTERS: { value: StateFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'failing', label: 'Failing' },
];

function AddResult({ result }: { result: MonitorCreateResult }) {
  return (
    <Notice kind={result.invalid.length > 0 ? 'warning' : 'success'}>
      <span data-testid="monitor-add-result">
        {formatNumber(result.added.length)} added, {formatNumber(result.alreadyWatched.length)} already watched,{' '}
        {formatNumber(result.invalid.length)} invalid
      </span>
      {result.invalid.length > 0 ? (
        <ul className="small">
          {result.invalid.map((entry) => (
            <li key={entry.index}>
              <code>{String(entry.entry)}</code> — {entry.message}
            </li>
          ))}
        </ul>
      ) : null}
    </Notice>
  );
}

function AddMonitors() {
  const client = useQueryClient();
  const fileInputId = useId();
  const [mode, setMode] = useState<'list' | 'csv'>('list');
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<{ label: string; input: BulkInput } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [interval, setCheckInterval] = useState<MonitorInterval>('monthly');
  const add = useMutation({
    mutationFn: (input: BulkInput) => api.addMonitors(input, interval),
    onSuccess: (result) => {
      if (result.added.length > 0) {
        setPasted('');
        setFile(null);
      }
      void client.invalidateQueries({ queryKey: ['monitors'] });
    },
  });
  const entries = parsePastedList(pasted);
  const input: BulkInput | null =
    mode === 'list' ? (entries.length > 0 ? { kind: 'list', domains: entries } : null) : (file?.input ?? null);
  const readFile = async (chosen: File | undefined) => {
    setFileProblem(null);
    if (!chosen) return;
    if (!looksLikeCsv(chosen)) {
      setFileProblem(`${chosen.name} is not a CSV file. Choose a .csv file with a domain, website or url column.`);
      return;
    }
    setFile({ label: describeFile(chosen), input: { kind: 'csv', name: chosen.name, text: await chosen.text() } });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input) add.mutate(input);
  };
  return (
    <section className="panel" aria-labelledby="add-monitors-title">
      <h2 id="add-monitors-title">Watch companies</h2>
      <form className="form" onSubmit={submit}>
        <fieldset className="segmented">
          <legend className="visually-hidden">Input</legend>
          <label className={mode === 'list' ? 'segment active' : 'segment'}>
            <input type="radio" name="monitor-mode" value="list" checked={mode === 'list'} onChange={() => setMode('list')} />
            Type domains
          </label>
          <label className={mode === 'csv' ? 'segment active' : 'segment'}>
            <input type="radio" name="monitor-mode" value="csv" checked={mode === 'csv'} onChange={() => setMode('csv')} />
            Upload a CSV
          </label>
        </fieldset>
        {mode === 'list' ? (
          <DomainListField
            id="monitor-domains"
            rows={5}
            value={pasted}
            onChange={setPasted}
            placeholder={'acme.com\nglobex.io'}
            limitPer="at once"
          />
        ) : (
          <div className="field">
            <label htmlFor={fileInputId}>A CSV file with a domain, website or url column</label>
            <input
              id={fileInputId}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                void readFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {file ? <p className="file-name">{file.label}</p> : null}
            {fileProblem ? (
              <p className="hint-error" role="alert">
                {fileProblem}
              </p>
            ) : null}
          </div>
        )}
        <div className="form form-inline">
          <SelectField id="monitor-interval" label="Check every" value={interval} options={INTERVALS} onChange={setCheckInterval} />
        </div>
        <p className="hint">Each check is a refresh counted against your monthly quota; your plan sets the shortest interval.</p>
        <div className="form-buttons">
          <button type="submit" className="button button-primary" disabled={!input || add.isPending}>
            {add.isPending ? 'Adding…' : 'Watch'}
          </button>
        </div>
      </form>
      {add.data ? <AddResult result={add.data} /> : null}
      {add.isError ? <ErrorNotice error={add.error} title="The companies were not added" /> : null}
    </section>
  );
}

function stateNote(monitor: Monitor): string | null {
  if (monitor.state === 'paused')
    return monitor.pausedReason === 'quota' ? 'Monthly quota used up; resumes next month' : 'Paused by your team';
  if (monitor.state === 'failing') return monitor.lastError?.message ?? null;
  return null;
}

function MonitorRow({ monitor, onRemove }: { monitor: Monitor; onRemove: (monitor: Monitor) => void }) {
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => (monitor.state === 'paused' ? api.resumeMonitor(monitor.id) : api.pauseMonitor(monitor.id)),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['monitors'] }),
  });
  const note = stateNote(monitor);
  return (
    <tr data-testid={`monitor-${monitor.domain}`}>
      <td>
        <Link to={`/companies/${encodeURIComponent(monitor.domain)}`} className="mono">
          {monitor.domain}
        </Link>
      </td>
      <td>{monitor.interval}</td>
      <td>
        <StatusBadge status={monitor.state} />
        {note ? <div className="muted small">{note}</div> : null}
        {toggle.isError ? <ErrorNotice error={toggle.error} /> : null}
      </td>
      <td title={monitor.lastCheckedAt ?? undefined}>{monitor.lastCheckedAt ? formatRelative(monitor.lastCheckedAt) : 'Not yet'}</td>
      <td>{monitor.state === 'paused' ? '—' : formatDateTime(monitor.nextCheckAt)}</td>
      <td title={monitor.lastChangedAt ?? undefined}>{monitor.lastChangedAt ? formatRelative(monitor.lastChangedAt) : 'None'}</td>
      <td className="actions">
        <button type="button" className="button button-secondary button-small" onClick={() => toggle.mutate()} disabled={toggle.isPending}>
          {monitor.state === 'paused' ? 'Resume' : 'Pause'}
          <span className="visually-hidden"> {monitor.domain}</span>
        </button>
        <button type="button" className="button button-link button-small" onClick={() => onRemove(monitor)}>
          Remove<span className="visually-hidden"> {monitor.domain}</span>
        </button>
      </td>
    </tr>
  );
}

function MonitorTable() {
  const client = useQueryClient();
  const [state, setState] = useState<StateFilter>('all');
  const monitors = useInfiniteQuery({
    queryKey: ['monitors', 'list', state],
    queryFn: ({ pageParam }) => api.monitors(pageParam, state === 'all' ? undefined : state),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
  });
  const [removing, setRemoving] = useState<Monitor | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => api.removeMonitor(id),
    onSuccess: () => {
      setRemoving(null);
      void client.invalidateQueries({ queryKey: ['monitors'] });
    },
  });
  const rows = monitors.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section className="panel" aria-labelledby="monitors-title">
      <div className="panel-header">
        <h2 id="monitors-title">Monitored companies</h2>
        <SelectField
          id="monitors-state"
          label="State"
          value={state}
          options={STATE_FILTERS}
          onChange={setState}
          className="field field-inline"
        />
      </div>
      {monitors.isPending ? <Loading label="Loading monitors…" /> : null}
      {monitors.isError ? <ErrorNotice error={monitors.error} onRetry={() => monitors.refetch()} /> : null}
      {monitors.data && rows.length === 0 ? (
        state === 'all' ? (
          <Empty title="No monitored companies yet.">Add domains above to watch them.</Empty>
        ) : (
          <Empty title={`No ${state} monitors.`}>Choose All to see every monitored company.</Empty>
        )
      ) : null}
      {rows.length > 0 ? (
        <table className="table" data-testid="monitors-table">
          <TableHead
            caption="Monitored companies"
            columns={['Company', 'Interval', 'State', 'Last check', 'Next check', 'Last change']}
            actions
          />
          <tbody>
            {rows.map((monitor) => (
              <MonitorRow key={monitor.id} monitor={monitor} onRemove={setRemoving} />
            ))}
          </tbody>
        </table>
      ) : null}
      {monitors.hasNextPage ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => monitors.fetchNextPage()}
          disabled={monitors.isFetchingNextPage}
        >
          {monitors.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
      {remove.isError ? <ErrorNotice error={remove.error} title="Could not remove the monitor" /> : null}
      <ConfirmDialog
        open={removing !== null}
        title={`Stop watching ${removing?.domain ?? ''}?`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      >
        <p>No more checks or change events for it. Its change history stays.</p>
      </ConfirmDialog>
    </section>
  );
}

export function MonitorsPage() {
  return (
    <>
      <PageHeader
        title="Monitors"
        description="Companies refreshed on a schedule of your choosing; every change found is listed here and sent as company.changed to your webhooks."
      />
      <AddMonitors />
      <MonitorTable />
      <ChangeFeed title="Recent changes" />
    </>
  );
}
