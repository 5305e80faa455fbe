import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../api/endpoints';
import type { WebhookEvent, WebhookWithSecret } from '../api/types';
import { PageHeader } from '../components/layout';
import { SecretValue } from '../components/secret-value';
import { Empty, ErrorNotice, Loading, Notice } from '../components/states';
import { StatusBadge } from '../components/status-badge';
import { TableHead } from '../components/table-head';
import { DescriptionField, EventChoice, eventLabel } from '../components/webhook-fields';
import { formatRelative } from '../lib/format';

/** A signing secret just made (an endpoint created, or its secret rotated): shown this once. */
export function NewSecret({
  created,
  title,
  onDone,
  children,
}: {
  created: WebhookWithSecret;
  title: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  return (
    <section className="panel panel-highlight" aria-labelledby="new-secret-title">
      <h2 id="new-secret-title">{title}</h2>
      <Notice kind="warning">
        Copy the signing secret now: it is shown only once. Verify each delivery’s <code>webhook-signature</code> with it (Standard
        Webhooks).
      </Notice>
      <SecretValue id="new-webhook-secret" value={created.secret} copyLabel="Copy secret" />
      {children}
      <button type="button" className="button button-secondary" onClick={onDone}>
        Done
      </button>
    </section>
  );
}

function CreateEndpoint({ onCreated }: { onCreated: (created: WebhookWithSecret) => void }) {
  const client = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['job.completed', 'job.failed', 'batch.completed']);
  const create = useMutation({
    mutationFn: api.createWebhook,
    onSuccess: (created) => {
      setUrl('');
      setDescription('');
      onCreated(created);
      void client.invalidateQueries({ queryKey: ['webhooks'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() && events.length > 0) create.mutate({ url: url.trim(), events, description: description.trim() || undefined });
  };
  return (
    <section className="panel" aria-labelledby="create-webhook-title">
      <h2 id="create-webhook-title">Add an endpoint</h2>
      <form className="form" onSubmit={submit}>
        <div className="form form-inline">
          <div className="field field-grow">
            <label htmlFor="webhook-url">Endpoint URL</label>
            <input
              id="webhook-url"
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              required
              maxLength={2000}
              placeholder="https://hooks.example.com/enrichment"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </div>
          <DescriptionField id="webhook-description" value={description} onChange={setDescription} />
        </div>
        <EventChoice id="new-webhook-events" value={events} onChange={setEvents} />
        <p className="hint">Only public addresses: private, loopback and cloud metadata addresses are refused.</p>
        <div className="form-buttons">
          <button type="submit" className="button button-primary" disabled={create.isPending || !url.trim() || events.length === 0}>
            {create.isPending ? 'Adding…' : 'Add endpoint'}
          </button>
        </div>
      </form>
      {create.isError ? <ErrorNotice error={create.error} title="Could not add the endpoint" /> : null}
    </section>
  );
}

export function WebhooksPage() {
  const webhooks = useQuery({ queryKey: ['webhooks'], queryFn: api.webhooks });
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Your endpoints hear when jobs and batches end, instead of polling. Every delivery is signed and retried for about a day."
      />
      {created ? (
        <NewSecret created={created} title={`Endpoint ${created.url} added`} onDone={() => setCreated(null)}>
          <p>
            <Link to={`/webhooks/${created.id}`}>Open the endpoint and its deliveries</Link>
          </p>
        </NewSecret>
      ) : null}
      <CreateEndpoint onCreated={setCreated} />
      <section className="panel" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Endpoints</h2>
        {webhooks.isPending ? <Loading label="Loading endpoints…" /> : null}
        {webhooks.isError ? <ErrorNotice error={webhooks.error} onRetry={() => webhooks.refetch()} /> : null}
        {webhooks.data && webhooks.data.data.length === 0 ? (
          <Empty title="No endpoints yet.">Add one above to receive job and batch events.</Empty>
        ) : null}
        {webhooks.data && webhooks.data.data.length > 0 ? (
          <table className="table" data-testid="webhooks-table">
            <TableHead caption="Webhook endpoints" columns={['Endpoint', 'Events', 'Status', 'Added']} />
            <tbody>
              {webhooks.data.data.map((webhook) => (
                <tr key={webhook.id}>
                  <td>
                    <Link to={`/webhooks/${webhook.id}`} className="mono break">
                      {webhook.url}
                    </Link>
                    {webhook.description ? <div className="muted small">{webhook.description}</div> : null}
                  </td>
                  <td>{webhook.events.map(eventLabel).join(', ')}</td>
                  <td>
                    <StatusBadge status={webhook.enabled ? 'enabled' : 'disabled'} />
                    {webhook.enabled ? null : <div className="muted small">{webhook.disabledReason}</div>}
                    {webhook.enabled && webhook.consecutiveFailures > 0 ? (
                      <div className="small warning-text">{webhook.consecutiveFailures} failed attempts in a row</div>
                    ) : null}
                  </td>
                  <td>{formatRelative(webhook.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </>
  );
}
