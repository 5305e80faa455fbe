import { sameSecret } from '@enrich/accounts';
import { AppError, ErrorCode } from '@enrich/errors';
import type { Request } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request comes from a page of this origin: `Sec-Fetch-Site: same-origin` when the
 * browser sends it, else an `Origin` whose host is the request's host. Without either header
 * (not a browser), `whenUnknown` decides.
 */
export function isSameOrigin(req: Request, whenUnknown: boolean): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return site.trim().toLowerCase() === 'same-origin';
  const origin = req.get('origin');
  if (origin === undefined) return whenUnknown;
  try {
    return new URL(origin).host === req.host;
  } catch {
    return false; // "null" and other opaque origins
  }
}

const failed = (message: string) => new AppError(ErrorCode.CSRF_CHECK_FAILED, message);

/**
 * The check on every request a session cookie authenticates that may change something: it
 * must come from this origin and carry the session's CSRF token in X-CSRF-Token.
 */
export function checkCsrf(req: Request, csrfToken: string): void {
  if (SAFE_METHODS.has(req.method)) return;
  if (!isSameOrigin(req, false)) throw failed('cross-origin request refused: send it from the dashboard’s own origin');
  const sent = req.get('x-csrf-token');
  if (!sent || !sameSecret(sent, csrfToken)) throw failed('missing or wrong X-CSRF-Token header');
}

/** Sign-up and sign-in have no session yet: a browser must still send them from this origin. */
export function checkSignInOrigin(req: Request): void {
  if (!isSameOrigin(req, true)) throw failed('cross-origin sign-in refused: send it from the dashboard’s own origin');
}
