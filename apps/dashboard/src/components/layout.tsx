import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { api } from '../api/endpoints';
import type { Session } from '../api/types';
import { useSetSession } from '../session';
import { ErrorNotice } from './states';

const NAV = [
  { to: '/', label: 'Overview', end: true },
  { to: '/enrich', label: 'Enrich' },
  { to: '/bulk', label: 'Bulk' },
  { to: '/companies', label: 'Companies' },
  { to: '/monitors', label: 'Monitors' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/keys', label: 'API keys' },
  { to: '/team', label: 'Team' },
];

export function Layout({ session, children }: { session: Session; children: ReactNode }) {
  const setSession = useSetSession();
  const navigate = useNavigate();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const signOut = useMutation({
    mutationFn: (everywhere: boolean) => (everywhere ? api.signOutEverywhere() : api.signOut()),
    onSuccess: () => {
      setSession(null);
      navigate('/sign-in', { replace: true });
    },
  });
  // After a client-side navigation, focus moves to the new page's content for keyboard and screen reader users.
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [location.pathname]);
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <aside className="sidebar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            CE
          </span>
          <span className="brand-name">Company Enrichment</span>
        </div>
        <nav aria-label="Main">
          <ul className="nav">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account">
          <p className="account-team">{session.team.name}</p>
          <p className="account-user">{session.user.email}</p>
          <p className="account-role">{session.user.role}</p>
          <div className="account-actions">
            <button type="button" className="button button-secondary button-small" onClick={() => signOut.mutate(false)}>
              Sign out
            </button>
            <button type="button" className="button button-link button-small" onClick={() => signOut.mutate(true)}>
              Sign out everywhere
            </button>
          </div>
          {signOut.isError ? <ErrorNotice error={signOut.error} title="Could not sign out" /> : null}
        </div>
      </aside>
      <main id="main" className="content" ref={main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Company Enrichment`;
  }, [title]);
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {description ? <p className="page-description">{description}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
  );
}
