import type { Response } from 'express';

// The window a response reports: its limit, what is left and when it resets.
export interface WindowState {
  limit: number;
  remaining: number;
  resetTime: Date;
}

export function windowState(limit: number, used: number, resetTime: Date | undefined, windowMs: number): WindowState {
  return { limit, remaining: Math.max(0, limit - used), resetTime: resetTime ?? new Date(Date.now() + windowMs) };
}

// The window closest to running out is the one a client must respect.
export function tightest(states: WindowState[]): WindowState | undefined {
  return states.reduce<WindowState | undefined>((best, s) => (!best || s.remaining < best.remaining ? s : best), undefined);
}

export const secondsUntil = (time: Date): number => Math.max(1, Math.ceil((time.getTime() - Date.now()) / 1000));

export function setRateLimitHeaders(res: Response, state: WindowState): void {
  if (res.headersSent) return;
  res.setHeader('X-RateLimit-Limit', String(state.limit));
  res.setHeader('X-RateLimit-Remaining', String(state.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(state.resetTime.getTime() / 1000)));
}
