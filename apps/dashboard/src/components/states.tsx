import { type ReactNode, useEffect, useState } from 'react';
import { ConnectionError, EnrichError } from '../api/client';
import { formatWait } from '../lib/format';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children ? <div className="state-body">{children}</div> : null}
    </div>
  );
}

/** Seconds left of a Retry-After, counting down once a second. */
function useCountdown(seconds: number | null): number | null {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds === null) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

/** The API's message and code (and, on 429, when to try again), read out by screen readers. */
export function ErrorNotice({ error, title, onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const apiError = error instanceof EnrichError ? error : null;
  const retryIn = useCountdown(apiError?.retryAfterSeconds ?? null);
  const message =
    error instanceof ConnectionError
      ? 'The service could not be reached. Check your connection and try again.'
      : (apiError?.message ?? (error instanceof Error ? error.message : 'Something went wrong.'));
  const heading = title ?? (apiError?.status === 429 ? 'Too many requests' : 'Something went wrong');
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{heading}</p>
      <p className="notice-message">{message}</p>
      {apiError ? (
        <p className="notice-meta">
          <code>{apiError.code}</code>
          {apiError.status ? <span> · HTTP {apiError.status}</span> : null}
          {apiError.requestId ? <span> · request {apiError.requestId}</span> : null}
        </p>
      ) : null}
      {retryIn !== null ? (
        <p className="notice-meta">{retryIn > 0 ? `You can try again in ${formatWait(retryIn)}.` : 'You can try again now.'}</p>
      ) : null}
      {onRetry ? (
        <button type="button" className="button button-secondary" onClick={onRetry} disabled={retryIn !== null && retryIn > 0}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Notice({ kind = 'info', children }: { kind?: 'info' | 'success' | 'warning'; children: ReactNode }) {
  return (
    <div className={`notice notice-${kind}`} role={kind === 'warning' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
