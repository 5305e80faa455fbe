import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../api/endpoints';
import { ErrorNotice, Loading, Notice } from '../components/states';
import { formatDateTime } from '../lib/format';
import { useSession } from '../session';
import { AuthShell } from './auth-shell';
import { SignUpForm } from './sign-up-form';

export function JoinPage() {
  const { token = '' } = useParams();
  const session = useSession();
  const invite = useQuery({ queryKey: ['invite', token], queryFn: () => api.invite(token), retry: false });
  if (invite.isPending || session.isPending) return <Loading label="Checking the invite…" />;
  if (invite.isError)
    return (
      <AuthShell title="Invite not valid">
        <ErrorNotice error={invite.error} title="This invite cannot be used" />
        <p>Invite links work once and expire. Ask the team owner for a new one.</p>
        <p className="auth-footer">
          <Link to="/sign-in">Sign in</Link> · <Link to="/sign-up">Create an account</Link>
        </p>
      </AuthShell>
    );
  return (
    <AuthShell
      title={`Join ${invite.data.teamName}`}
      subtitle={
        <>
          You are invited as <strong>{invite.data.role}</strong>. The invite expires {formatDateTime(invite.data.expiresAt)}.
        </>
      }
    >
      {session.data ? (
        <Notice kind="warning">
          You are signed in as {session.data.user.email} ({session.data.team.name}). Sign out first to join with a new account.
        </Notice>
      ) : (
        <SignUpForm inviteToken={token} submitLabel={`Create account and join ${invite.data.teamName}`} />
      )}
      <p className="auth-footer">
        <Link to="/sign-in">Sign in instead</Link>
      </p>
    </AuthShell>
  );
}
