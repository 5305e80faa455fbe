import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, type BulkInput } from '../api/endpoints';
import type { BulkPreview } from '../api/types';
import { DomainListField } from '../components/domain-list-field';
import { PageHeader } from '../components/layout';
import { Empty, ErrorNotice, Loading, Notice } from '../components/states';
import { BatchesTable } from '../components/work-tables';
import { describeFile, looksLikeCsv, MAX_BULK_ENTRIES, parsePastedList } from '../lib/domain-list';
import { formatNumber } from '../lib/format';

type Mode = 'csv' | 'list';

function PreviewPanel({ preview, onSubmit, submitting }: { preview: BulkPreview; onSubmit: () => void; submitting: boolean }) {
  const remaining = preview.quota.remaining;
  const affordable = remaining === null || preview.cost <= remaining;
  return (
    <section className="panel" aria-labelledby="preview-title" data-testid="bulk-preview">
      <h2 id="preview-title">Preview</h2>
      <dl className="figures">
        <div>
          <dt>Entries</dt>
          <dd data-testid="preview-entries">{formatNumber(preview.entries)}</dd>
        </div>
        <div>
          <dt>Valid</dt>
          <dd data-testid="preview-valid">{formatNumber(preview.valid)}</dd>
        </div>
        <div>
          <dt>Duplicates</dt>
          <dd data-testid="preview-duplicates">{formatNumber(preview.duplicates)}</dd>
        </div>
        <div>
          <dt>Invalid</dt>
          <dd data-testid="preview-invalid">{formatNumber(preview.invalid.length)}</dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd data-testid="preview-cost">
            {formatNumber(preview.cost)}{' '}
            <span className="figure-sub">{remaining === null ? 'no monthly quota' : `of ${formatNumber(remaining)} left this month`}</span>
          </dd>
        </div>
      </dl>
      {preview.duplicates > 0 ? (
        <p className="muted">Duplicates share the job of the first entry naming the same domain and cost nothing.</p>
      ) : null}
      {preview.invalid.length > 0 ? (
        <details className="details" open={preview.invalid.length <= 10}>
          <summary>
            {formatNumber(preview.invalid.length)} invalid {preview.invalid.length === 1 ? 'entry' : 'entries'} will be skipped
          </summary>
          <table className="table table-compact">
            <caption className="visually-hidden">Invalid entries</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Row
                </th>
                <th scope="col">Entry</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {preview.invalid.map((item) => (
                <tr key={item.index}>
                  <td className="num">{item.index + 1}</td>
                  <td className="mono break">{String(item.entry)}</td>
                  <td>
                    <code>{item.reason}</code>
                    {item.message ? <span className="muted"> — {item.message}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
      {!affordable ? (
        <Notice kind="warning">
          This batch costs {formatNumber(preview.cost)} enrichments but only {formatNumber(remaining)} are left this month.
        </Notice>
      ) : null}
      <button
        type="button"
        className="button button-primary"
        onClick={onSubmit}
        disabled={submitting || !affordable || preview.valid === 0}
      >
        {submitting ? 'Submitting…' : `Enrich ${formatNumber(preview.valid)} ${preview.valid === 1 ? 'company' : 'companies'}`}
      </button>
    </section>
  );
}

function PastBatches() {
  const batches = useInfiniteQuery({
    queryKey: ['batches', 'list'],
    queryFn: ({ pageParam }) => api.batches(20, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
  });
  const rows = batches.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section className="panel" aria-labelledby="past-batches-title">
      <h2 id="past-batches-title">Past batches</h2>
      {batches.isPending ? <Loading /> : null}
      {batches.isError ? <ErrorNotice error={batches.error} onRetry={() => batches.refetch()} /> : null}
      {batches.data && rows.length === 0 ? <Empty title="No batches yet." /> : null}
      {rows.length > 0 ? <BatchesTable batches={rows} caption="Past batches" detailed /> : null}
      {batches.hasNextPage ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => batches.fetchNextPage()}
          disabled={batches.isFetchingNextPage}
        >
          {batches.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </section>
  );
}

export function BulkPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode>('csv');
  const [input, setInput] = useState<BulkInput | null>(null);
  const [fileLabel, setFileLabel] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [dragging, setDragging] = useState(false);

  const preview = useMutation({ mutationFn: api.bulkPreview });
  const submit = useMutation({
    mutationFn: api.bulkSubmit,
    onSuccess: (accepted) => {
      void client.invalidateQueries({ queryKey: ['batches'] });
      void client.invalidateQueries({ queryKey: ['usage'] });
      navigate(`/bulk/${accepted.batchId}`);
    },
  });

  const previewOf = (next: BulkInput) => {
    setInput(next);
    submit.reset();
    preview.mutate(next);
  };

  const readFile = async (file: File | undefined) => {
    setFileProblem(null);
    if (!file) return;
    if (!looksLikeCsv(file)) {
      setFileProblem(`${file.name} is not a CSV file. Choose a .csv file with a domain, website or url column.`);
      return;
    }
    setFileLabel(describeFile(file));
    previewOf({ kind: 'csv', name: file.name, text: await file.text() });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  };

  const pastedEntries = parsePastedList(pasted);
  const submitPasted = (event: FormEvent) => {
    event.preventDefault();
    if (pastedEntries.length > 0) previewOf({ kind: 'list', domains: pastedEntries });
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setInput(null);
    preview.reset();
  };

  return (
    <>
      <PageHeader
        title="Bulk enrichment"
        description={`Up to ${formatNumber(MAX_BULK_ENTRIES)} companies at once, from a CSV file or a list.`}
      />
      <section className="panel" aria-labelledby="bulk-input-title">
        <h2 id="bulk-input-title" className="visually-hidden">
          Companies to enrich
        </h2>
        <fieldset className="segmented">
          <legend className="visually-hidden">Input</legend>
          <label className={mode === 'csv' ? 'segment active' : 'segment'}>
            <input type="radio" name="bulk-mode" value="csv" checked={mode === 'csv'} onChange={() => switchMode('csv')} />
            Upload a CSV
          </label>
          <label className={mode === 'list' ? 'segment active' : 'segment'}>
            <input type="radio" name="bulk-mode" value="list" checked={mode === 'list'} onChange={() => switchMode('list')} />
            Paste a list
          </label>
        </fieldset>

        {mode === 'csv' ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is a convenience; the labelled file input inside is the keyboard path
          <div
            className={`dropzone${dragging ? ' dropzone-active' : ''}`}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="dropzone"
          >
            <p className="dropzone-title">Drop a CSV file here</p>
            <p className="muted">
              It needs a header row with a <code>domain</code>, <code>website</code> or <code>url</code> column; other columns are kept in
              the results.
            </p>
            <label htmlFor={fileInputId} className="button button-secondary">
              Choose a file…
            </label>
            <input
              id={fileInputId}
              ref={fileInput}
              className="visually-hidden-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                void readFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {fileLabel ? <p className="file-name">{fileLabel}</p> : null}
            {fileProblem ? (
              <p className="hint-error" role="alert">
                {fileProblem}
              </p>
            ) : null}
          </div>
        ) : (
          <form className="form" onSubmit={submitPasted}>
            <DomainListField
              id="bulk-list"
              rows={8}
              value={pasted}
              onChange={setPasted}
              placeholder={'acme.com\nglobex.io\nhttps://www.initech.com/about'}
              limitPer="per batch"
            />
            <button type="submit" className="button button-primary" disabled={pastedEntries.length === 0 || preview.isPending}>
              Preview
            </button>
          </form>
        )}
      </section>

      {preview.isPending ? <Loading label="Checking the entries…" /> : null}
      {preview.isError ? <ErrorNotice error={preview.error} title="The list could not be read" /> : null}
      {preview.data && input ? (
        <PreviewPanel preview={preview.data} submitting={submit.isPending} onSubmit={() => submit.mutate(input)} />
      ) : null}
      {submit.isError ? <ErrorNotice error={submit.error} title="The batch was not accepted" /> : null}
      <PastBatches />
    </>
  );
}
