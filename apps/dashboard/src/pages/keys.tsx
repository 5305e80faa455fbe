import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../api/endpoints';
import type { ApiKey, CreatedKey } from '../api/types';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PageHeader } from '../components/layout';
import { SecretValue } from '../components/secret-value';
import { Empty, ErrorNotice, Loading, Notice } from '../components/states';
import { StatusBadge } from '../components/status-badge';
import { TableHead } from '../components/table-head';
import { formatDateTime, formatRelative } from '../lib/format';
import { useCreateRemove } from '../use-create-remove';

/** A curl line that tries a new key against this very service. */
export const curlLine = (origin: string, key: string) =>
  `curl -s -X POST ${origin}/enrich -H "Authorization: Bearer ${key}" -H "Content-Type: application/json" -d '{"domain":"example.com"}'`;

function NewKey({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  const curl = curlLine(window.location.origin, created.key);
  return (
    <section className="panel panel-highlight" aria-labelledby="new-key-title">
      <h2 id="new-key-title">Key “{created.name}” created</h2>
      <Notice kind="warning">Copy it now: it is shown only once. Only a hash of it is kept.</Notice>
      <SecretValue id="new-key" value={created.key} copyLabel="Copy key" />
      <p className="muted">Try it:</p>
      <SecretValue id="new-key-curl" value={curl} copyLabel="Copy command" wrap />
      <button type="button" className="button button-secondary" onClick={onDone}>
        Done
      </button>
    </section>
  );
}

export function KeysPage() {
  const keys = useQuery({ queryKey: ['keys'], queryFn: api.keys });
  const [name, setName] = useState('');
  const {
    created,
    setCreated,
    create,
    removing: revoking,
    setRemoving: setRevoking,
    remove: revoke,
    cancelRemove,
  } = useCreateRemove({
    listKey: 'keys',
    create: api.createKey,
    remove: (key: ApiKey) => api.revokeKey(key.id),
    onCreated: () => setName(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  };
  return (
    <>
      <PageHeader title="API keys" description="Keys let your programs call the API as your team. Keep them secret." />
      {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
      <section className="panel" aria-labelledby="create-key-title">
        <h2 id="create-key-title">Create a key</h2>
        <form className="form form-inline" onSubmit={submit}>
          <div className="field">
            <label htmlFor="key-name">Name</label>
            <input
              id="key-name"
              type="text"
              required
              maxLength={100}
              placeholder="e.g. CRM sync"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <button type="submit" className="button button-primary" disabled={create.isPending || !name.trim()}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </button>
        </form>
        {create.isError ? <ErrorNotice error={create.error} title="Could not create the key" /> : null}
      </section>
      <section className="panel" aria-labelledby="keys-title">
        <h2 id="keys-title">Your keys</h2>
        {keys.isPending ? <Loading label="Loading keys…" /> : null}
        {keys.isError ? <ErrorNotice error={keys.error} onRetry={() => keys.refetch()} /> : null}
        {keys.data && keys.data.data.length === 0 ? <Empty title="No keys yet.">Create one above to call the API.</Empty> : null}
        {keys.data && keys.data.data.length > 0 ? (
          <table className="table">
            <TableHead caption="API keys" columns={['Name', 'Key', 'Created', 'Last used', 'Status']} actions />
            <tbody>
              {keys.data.data.map((key) => (
                <tr key={key.id}>
                  <td>
                    {key.name}
                    {key.createdBy ? <div className="muted small">by {key.createdBy.email}</div> : null}
                  </td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{formatDateTime(key.createdAt)}</td>
                  <td>{key.lastUsedAt ? formatRelative(key.lastUsedAt) : <span className="muted">Never</span>}</td>
                  <td>
                    <StatusBadge status={key.revokedAt ? 'revoked' : 'active'} />
                  </td>
                  <td className="actions">
                    {key.revokedAt ? null : (
                      <button
                        type="button"
                        className="button button-danger-outline button-small"
                        onClick={() => setRevoking(key)}
                        aria-label={`Revoke key ${key.name}`}
                      >
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onCancel={cancelRemove}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      >
        <p>
          Programs using <strong>{revoking?.name}</strong> (<code>{revoking?.prefix}…</code>) will be refused within a few seconds. This
          cannot be undone.
        </p>
        {revoke.isError ? <ErrorNotice error={revoke.error} title="Could not revoke the key" /> : null}
      </ConfirmDialog>
    </>
  );
}
