import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { api } from '../api/endpoints';
import { ErrorNotice, Loading, Notice } from '../components/states';
import { useSession } from '../session';
import { AuthShell } from './auth-shell';
import { SignUpForm } from './sign-up-form';

export function SignUpPage() {
  const session = useSession();
  const config = useQuery({ queryKey: ['config'], queryFn: api.config, staleTime: Number.POSITIVE_INFINITY });
  if (session.isPending) return <Loading />;
  if (session.data) return <Navigate to="/" replace />;
  return (
    <AuthShell title="Create your account" subtitle="Start on the Free plan: a team of your own, API keys and the dashboard.">
      {config.isPending ? <Loading label="Loading…" /> : null}
      {config.isError ? <ErrorNotice error={config.error} onRetry={() => config.refetch()} /> : null}
      {config.data?.signupMode === 'open' ? <SignUpForm submitLabel="Create account" /> : null}
      {config.data?.signupMode === 'invite' ? (
        <Notice kind="info">Sign-up is by invitation only. Ask a team owner for an invite link.</Notice>
      ) : null}
      {config.data?.signupMode === 'closed' ? <Notice kind="info">Sign-up is closed on this service.</Notice> : null}
      <p className="auth-footer">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </AuthShell>
  );
}
