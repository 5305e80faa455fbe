import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api/endpoints';
import { ErrorNotice } from '../components/states';
import { useSetSession } from '../session';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-shell';

/** Email and password (and a team name when starting a team); joins the invite's team when given one. */
export function SignUpForm({ inviteToken, submitLabel }: { inviteToken?: string; submitLabel: string }) {
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [teamName, setTeamName] = useState('');
  const signUp = useMutation({
    mutationFn: api.signUp,
    onSuccess: (result) => {
      setSession(result);
      navigate('/', { replace: true });
    },
  });
  const tooShort = password.length > 0 && password.length < PASSWORD_MIN;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN) return;
    signUp.mutate({
      email: email.trim(),
      password,
      ...(inviteToken ? { inviteToken } : teamName.trim() ? { teamName: teamName.trim() } : {}),
    });
  };
  return (
    <form className="form" onSubmit={submit}>
      <div className="field">
        <label htmlFor="signup-email">Email</label>
        <input id="signup-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="signup-password">Password</label>
        <input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-describedby="signup-password-hint"
          aria-invalid={tooShort}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p id="signup-password-hint" className={`hint${tooShort ? ' hint-error' : ''}`}>
          At least {PASSWORD_MIN} characters.
        </p>
      </div>
      {inviteToken ? null : (
        <div className="field">
          <label htmlFor="signup-team">
            Team name <span className="optional">(optional)</span>
          </label>
          <input
            id="signup-team"
            type="text"
            autoComplete="organization"
            maxLength={100}
            value={teamName}
            onChange={(e) => setTeamName(e.target.value)}
          />
        </div>
      )}
      {signUp.isError ? <ErrorNotice error={signUp.error} title="Could not create the account" /> : null}
      <button type="submit" className="button button-primary button-block" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating…' : submitLabel}
      </button>
    </form>
  );
}
