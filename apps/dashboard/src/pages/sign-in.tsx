import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../api/endpoints';
import { ErrorNotice, Loading } from '../components/states';
import { useSession, useSetSession } from '../session';
import { AuthShell } from './auth-shell';

/** Only a path of this app is followed after sign-in, never another site. */
export const nextPath = (value: string | null) => (value && /^\/(?!\/)/.test(value) ? value : '/');

export function SignInPage() {
  const session = useSession();
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: api.signIn,
    onSuccess: (result) => {
      setSession(result);
      navigate(nextPath(params.get('next')), { replace: true });
    },
  });
  if (session.isPending) return <Loading />;
  if (session.data) return <Navigate to={nextPath(params.get('next'))} replace />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password });
  };
  return (
    <AuthShell title="Sign in" subtitle="Enrich company domains, manage API keys and your team.">
      <form className="form" onSubmit={submit} noValidate={false}>
        <div className="field">
          <label htmlFor="signin-email">Email</label>
          <input id="signin-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="signin-password">Password</label>
          <input
            id="signin-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {signIn.isError ? <ErrorNotice error={signIn.error} title="Could not sign in" /> : null}
        <button type="submit" className="button button-primary button-block" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="auth-footer">
        No account yet? <Link to="/sign-up">Create one</Link>
      </p>
    </AuthShell>
  );
}
