import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';

export const SESSION_COOKIE = 'ce_session';

/** The session token the request's Cookie header carries, if any (the first, if several). */
export function sessionToken(req: Request): string | undefined {
  const header = req.headers.cookie;
  return header ? parse(header)[SESSION_COOKIE] : undefined;
}

// Secure only over HTTPS (req.secure honours X-Forwarded-Proto from a trusted proxy), so that
// plain-HTTP development on localhost still works.
const options = (req: Request): CookieOptions => ({ httpOnly: true, sameSite: 'lax', path: '/', secure: req.secure });

export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, token, { ...options(req), expires: expiresAt });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, options(req));
}
