import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../api/endpoints';
import type { Invite, Role } from '../api/types';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PageHeader } from '../components/layout';
import { SecretValue } from '../components/secret-value';
import { Empty, ErrorNotice, Loading, Notice } from '../components/states';
import { StatusBadge } from '../components/status-badge';
import { TableHead } from '../components/table-head';
import { formatDateTime, formatNumber } from '../lib/format';
import { useSession } from '../session';
import { useCreateRemove } from '../use-create-remove';

const inviteState = (invite: Invite) =>
  invite.usedAt ? 'used' : new Date(invite.expiresAt).getTime() < Date.now() ? 'expired' : 'pending';

function Invites() {
  const invites = useQuery({ queryKey: ['invites'], queryFn: api.invites });
  const [role, setRole] = useState<Role>('member');
  const [hours, setHours] = useState('72');
  const {
    created,
    create,
    removing: deleting,
    setRemoving: setDeleting,
    remove,
    cancelRemove,
  } = useCreateRemove({ listKey: 'invites', create: api.createInvite, remove: (invite: Invite) => api.deleteInvite(invite.id) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ role, expiresInHours: Number(hours) });
  };
  return (
    <section className="panel" aria-labelledby="invites-title">
      <h2 id="invites-title">Invite links</h2>
      <p className="muted">Anyone with a link can create an account in this team, once, until it expires.</p>
      <form className="form form-inline" onSubmit={submit}>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            <option value="member">Member</option>
            <option value="owner">Owner</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="invite-hours">Expires after</label>
          <select id="invite-hours" value={hours} onChange={(e) => setHours(e.target.value)}>
            <option value="1">1 hour</option>
            <option value="24">1 day</option>
            <option value="72">3 days</option>
            <option value="168">7 days</option>
            <option value="720">30 days</option>
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create invite link'}
        </button>
      </form>
      {create.isError ? <ErrorNotice error={create.error} title="Could not create the invite" /> : null}
      {created ? (
        <div className="created-invite">
          <Notice kind="success">
            Invite link for a new {created.role}, valid until {formatDateTime(created.expiresAt)}. It is shown only now.
          </Notice>
          <SecretValue id="invite-url" value={created.url} copyLabel="Copy link" wrap />
        </div>
      ) : null}
      {invites.isPending ? <Loading /> : null}
      {invites.isError ? <ErrorNotice error={invites.error} onRetry={() => invites.refetch()} /> : null}
      {invites.data && invites.data.data.length === 0 ? <Empty title="No invite links." /> : null}
      {invites.data && invites.data.data.length > 0 ? (
        <table className="table">
          <TableHead caption="Invite links" columns={['Role', 'Created', 'Expires', 'Status']} actions />
          <tbody>
            {invites.data.data.map((invite) => (
              <tr key={invite.id}>
                <td className="role">{invite.role}</td>
                <td>{formatDateTime(invite.createdAt)}</td>
                <td>{formatDateTime(invite.expiresAt)}</td>
                <td>
                  <StatusBadge status={inviteState(invite)} />
                </td>
                <td className="actions">
                  <button
                    type="button"
                    className="button button-danger-outline button-small"
                    onClick={() => setDeleting(invite)}
                    aria-label={`Delete ${invite.role} invite created ${formatDateTime(invite.createdAt)}`}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this invite link?"
        confirmLabel="Delete link"
        busy={remove.isPending}
        onCancel={cancelRemove}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        <p>The link stops working at once. Members who already joined stay in the team.</p>
        {remove.isError ? <ErrorNotice error={remove.error} title="Could not delete the invite" /> : null}
      </ConfirmDialog>
    </section>
  );
}

export function TeamPage() {
  const session = useSession();
  const team = useQuery({ queryKey: ['team'], queryFn: api.team });
  const isOwner = session.data?.user.role === 'owner';
  return (
    <>
      <PageHeader title="Team" description={team.data ? `${team.data.team.name} · ${team.data.team.plan} plan` : undefined} />
      {team.isPending ? <Loading label="Loading the team…" /> : null}
      {team.isError ? <ErrorNotice error={team.error} onRetry={() => team.refetch()} /> : null}
      {team.data ? (
        <>
          <section className="panel" aria-labelledby="limits-title">
            <h2 id="limits-title">Limits</h2>
            <dl className="figures">
              <div>
                <dt>Requests per minute</dt>
                <dd>{formatNumber(team.data.team.limits.perMinute)}</dd>
              </div>
              <div>
                <dt>Requests per day</dt>
                <dd>{team.data.team.limits.perDay === null ? 'No limit' : formatNumber(team.data.team.limits.perDay)}</dd>
              </div>
              <div>
                <dt>Enrichments per month</dt>
                <dd>{team.data.team.limits.monthlyQuota === null ? 'No limit' : formatNumber(team.data.team.limits.monthlyQuota)}</dd>
              </div>
            </dl>
          </section>
          <section className="panel" aria-labelledby="members-title">
            <h2 id="members-title">Members</h2>
            <table className="table" data-testid="members-table">
              <TableHead caption="Members" columns={['Email', 'Role', 'Joined']} />
              <tbody>
                {team.data.members.map((member) => (
                  <tr key={member.id}>
                    <td>
                      {member.email}
                      {member.id === session.data?.user.id ? <span className="muted"> (you)</span> : null}
                    </td>
                    <td>
                      <span className={`role role-${member.role}`}>{member.role}</span>
                    </td>
                    <td>{formatDateTime(member.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      ) : null}
      {isOwner ? <Invites /> : <Notice kind="info">Only team owners can invite people. Ask an owner for an invite link.</Notice>}
    </>
  );
}
