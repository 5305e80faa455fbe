import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../api/endpoints';
import type { Webhook, WebhookEvent, WebhookWithSecret } from '../api/types';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DeliveryLog } from '../components/delivery-log';
import { PageHeader } from '../components/layout';
import { ErrorNotice, Loading, Notice } from '../components/states';
import { StatusBadge } from '../components/status-badge';
import { DescriptionField, EventChoice } from '../components/webhook-fields';
import { formatDateTime } from '../lib/format';
import { NewSecret } from './webhooks';

function Settings({ webhook }: { webhook: Webhook }) {
  const client = useQueryClient();
  const [events, setEvents] = useState<WebhookEvent[]>(webhook.events);
  const [description, setDescription] = useState(webhook.description);
  const [fields, setFields] = useState(webhook.fields ?? '');
  useEffect(() => {
    setEvents(webhook.events);
    setDescription(webhook.description);
    setFields(webhook.fields ?? '');
  }, [webhook]);
  const save = useMutation({
    mutationFn: () => api.updateWebhook(webhook.id, { events, description: description.trim(), fields: fields.trim() || null }),
    onSuccess: (updated) => {
      client.setQueryData(['webhook', webhook.id], updated);
      void client.invalidateQueries({ queryKey: ['webhooks'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (events.length > 0) save.mutate();
  };
  return (
    <section className="panel" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <form className="form" onSubmit={submit}>
        <EventChoice id="edit-webhook-events" value={events} onChange={setEvents} />
        <div className="form form-inline">
          <DescriptionField id="edit-webhook-description" value={description} onChange={setDescription} />
          <div className="field field-grow">
            <label htmlFor="edit-webhook-fields">
              Fields <span className="optional">(optional; all when empty)</span>
            </label>
            <input
              id="edit-webhook-fields"
              type="text"
              spellCheck={false}
              maxLength={1000}
              placeholder="name,industry,socialProfiles.linkedin"
              value={fields}
              onChange={(e) => setFields(e.target.value)}
            />
          </div>
        </div>
        <div className="form-buttons">
          <button type="submit" className="button button-primary" disabled={save.isPending || events.length === 0}>
            {save.isPending ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>
      {save.isSuccess && !save.isPending ? <Notice kind="success">Saved.</Notice> : null}
      {save.isError ? <ErrorNotice error={save.error} title="Could not save the changes" /> : null}
    </section>
  );
}

function Status({ webhook, onRotated }: { webhook: Webhook; onRotated: (created: WebhookWithSecret) => void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'rotate' | 'delete' | null>(null);
  const refresh = (updated: Webhook) => {
    client.setQueryData(['webhook', webhook.id], updated);
    void client.invalidateQueries({ queryKey: ['webhooks'] });
  };
  const toggle = useMutation({ mutationFn: () => api.updateWebhook(webhook.id, { enabled: !webhook.enabled }), onSuccess: refresh });
  const rotate = useMutation({
    mutationFn: () => api.rotateWebhookSecret(webhook.id),
    onSuccess: (rotated) => {
      setDialog(null);
      const { secret: _secret, ...view } = rotated;
      refresh(view);
      onRotated(rotated);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.deleteWebhook(webhook.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['webhooks'] });
      navigate('/webhooks', { replace: true });
    },
  });
  return (
    <section className="panel" aria-labelledby="status-title">
      <h2 id="status-title">Status</h2>
      <dl className="definition" data-testid="webhook-status">
        <dt>State</dt>
        <dd>
          <StatusBadge status={webhook.enabled ? 'enabled' : 'disabled'} />
          {webhook.enabled ? null : (
            <span className="muted">
              {' '}
              {webhook.disabledReason} · {formatDateTime(webhook.disabledAt)}
            </span>
          )}
        </dd>
        <dt>Failed attempts in a row</dt>
        <dd>
          {webhook.consecutiveFailures}
          {webhook.failingSince ? <span className="muted"> since {formatDateTime(webhook.failingSince)}</span> : null}
        </dd>
        <dt>Signing secret</dt>
        <dd>
          <code>{webhook.secretHint}</code>
          {webhook.previousSecretExpiresAt ? (
            <span className="muted"> · the previous one also signs until {formatDateTime(webhook.previousSecretExpiresAt)}</span>
          ) : null}
        </dd>
      </dl>
      <div className="form-buttons">
        <button type="button" className="button button-secondary" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
          {webhook.enabled ? 'Disable' : 'Enable'}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setDialog('rotate')}>
          Rotate secret
        </button>
        <button type="button" className="button button-danger-outline" onClick={() => setDialog('delete')}>
          Delete endpoint
        </button>
      </div>
      {toggle.isError ? <ErrorNotice error={toggle.error} title="Could not change the endpoint" /> : null}
      <ConfirmDialog
        open={dialog === 'rotate'}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => rotate.mutate()}
      >
        <p>
          A new secret is made and shown once. For the next 24 hours deliveries carry signatures by both secrets, so your receiver can
          switch over; after that only the new one signs.
        </p>
        {rotate.isError ? <ErrorNotice error={rotate.error} title="Could not rotate the secret" /> : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => remove.mutate()}
      >
        <p>
          Nothing more is sent to <code className="break">{webhook.url}</code>, and its delivery log is deleted with it. This cannot be
          undone.
        </p>
        {remove.isError ? <ErrorNotice error={remove.error} title="Could not delete the endpoint" /> : null}
      </ConfirmDialog>
    </section>
  );
}

export function WebhookPage() {
  const { webhookId = '' } = useParams();
  const webhook = useQuery({
    queryKey: ['webhook', webhookId],
    queryFn: () => api.webhook(webhookId),
    retry: false,
    refetchInterval: 10_000,
  });
  const [rotated, setRotated] = useState<WebhookWithSecret | null>(null);
  return (
    <>
      <PageHeader
        title="Webhook endpoint"
        description={webhook.data ? <span className="mono break">{webhook.data.url}</span> : undefined}
        actions={
          <Link to="/webhooks" className="button button-secondary">
            All endpoints
          </Link>
        }
      />
      {webhook.isPending ? <Loading label="Loading the endpoint…" /> : null}
      {webhook.isError ? <ErrorNotice error={webhook.error} onRetry={() => webhook.refetch()} /> : null}
      {rotated ? <NewSecret created={rotated} title="New signing secret" onDone={() => setRotated(null)} /> : null}
      {webhook.data ? (
        <>
          {webhook.data.description ? <p className="muted">{webhook.data.description}</p> : null}
          <Status webhook={webhook.data} onRotated={setRotated} />
          <DeliveryLog webhookId={webhook.data.id} canResend={webhook.data.enabled} />
          <Settings webhook={webhook.data} />
        </>
      ) : null}
    </>
  );
}
