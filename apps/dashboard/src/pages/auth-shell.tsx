import { type ReactNode, useEffect } from 'react';

/** The centred card of the sign-in, sign-up and join pages. */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Company Enrichment`;
  }, [title]);
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="brand brand-auth">
          <span className="brand-mark" aria-hidden="true">
            CE
          </span>
          <span className="brand-name">Company Enrichment</span>
        </div>
        <h1>{title}</h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </main>
  );
}

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
