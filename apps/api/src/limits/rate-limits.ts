import { AppError, ErrorCode } from '@enrich/errors';
import type { Logger } from '@enrich/logger';
import type { Metrics } from '@enrich/metrics';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, type RateLimitInfo, type RateLimitRequestHandler, rateLimit } from 'express-rate-limit';
import { runMiddleware } from '../middleware/run-middleware';
import type { CounterReads } from './counter-reads';
import { secondsUntil, setRateLimitHeaders, tightest, type WindowState, windowState } from './rate-limit-headers';
import { SharedCounterStore } from './shared-counter-store';
import type { WindowCounters } from './window-counters';

export interface RateLimitSettings {
  /** Where the counters live: shared by every API replica (windowCounters of the deployment's shared state). */
  counters: WindowCounters;
  /** Namespace of the counters, shared by every API replica of one deployment. */
  keyPrefix: string;
  /** The process's shared counter reads (caches.ts). */
  reads: CounterReads;
  minuteWindowMs: number;
  dayWindowMs: number;
  authFailuresPerWindow: number;
  /** Failed dashboard sign-ins allowed per account in its own window. */
  signInFailuresPerAccount: number;
  signInAccountWindowMs: number;
  logger: Logger;
  /** Counts each refusal (429) by the team's plan and window. */
  refusals: Metrics['limitRefusals'];
}

/** A sign-in being checked: counted as failed unless it is said to have succeeded. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
}

/** A team's request windows as they stand; perDay null when its plan has no daily window. */
export interface TeamWindows {
  perMinute: WindowState;
  perDay: WindowState | null;
}

export interface RateLimits {
  /**
   * An enrichment POST: counted per team, or only reported when it is free (it adds no new
   * domain); past a window's limit it rejects with 429.
   */
  enrichment(req: Request, res: Response, charge: { free: boolean }): Promise<void>;
  /** Requests that do not count (polling, search): report the team's windows. */
  rateLimitHeaders: RequestHandler;
  /**
   * A read that does not count (a poll, a lookup, search), run beside rateLimitHeaders: the windows
   * and the read do not wait on each other, and a read that fails (an invalid query) still
   * answers with the headers. Reporting itself never fails.
   */
  readBesideStatus<T>(req: Request, res: Response, read: () => Promise<T>): Promise<T>;
  /** The team's windows, read without counting (GET /usage). */
  teamWindows(req: Request): Promise<TeamWindows>;
  /** A failed authentication counts against the caller's address; past the limit, 429. */
  countAuthFailure(req: Request, res: Response): Promise<void>;
  /**
   * A dashboard sign-in, before its password is checked: counted at once as a failure against
   * the caller's address (the failed-authentication window) and the account's own window, so
   * that a burst cannot check more passwords than the limits allow; past either, 429. A
   * sign-in that succeeds gives its count back.
   */
  signInAttempt(req: Request, res: Response, account: string): Promise<SignInAttempt>;
  /** Requests without a key that do not count (health, unknown paths): report the address window. */
  addressStatus: RequestHandler;
}

type WindowName = 'minute' | 'day' | 'address' | 'account';
const PROPERTY: Record<WindowName, string> = {
  minute: 'rateLimitMinute',
  day: 'rateLimitDay',
  address: 'rateLimitAddress',
  account: 'rateLimitAccount',
};
// The `limit` label of a window's refusals; address and account windows count callers without a key.
const REFUSAL_LIMIT: Record<WindowName, string> = { minute: 'minute', day: 'day', address: 'minute', account: 'signin' };
const REFUSED: Record<WindowName, string> = {
  minute: 'requests per minute',
  day: 'requests per day',
  address: 'failed authentications from this address',
  account: 'failed sign-ins for this account',
};

const infoOf = (req: Request, window: WindowName) => (req as unknown as Record<string, RateLimitInfo | undefined>)[PROPERTY[window]];
const addressKey = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');
const teamKey = (req: Request) => req.auth?.teamId ?? addressKey(req);
// The account a sign-in names, set on the request for the account window's key generator.
const ACCOUNT = Symbol('signInAccount');
const accountKey = (req: Request) => String((req as unknown as Record<symbol, unknown>)[ACCOUNT] ?? '');

/**
 * Per-team windows (per minute, and per day where the plan has one) and a per-address window
 * for failed authentication, all on express-rate-limit with shared counters (WindowCounters)
 * so that every API replica shares them. Headers are written here rather than by the library
 * because a response reports whichever of the team's windows is closest to running out.
 */
export function createRateLimits(settings: RateLimitSettings): RateLimits {
  const { counters, keyPrefix, reads, logger, refusals } = settings;
  const limiterLogger = {
    error: (error: unknown, message?: string) => logger.warn(message ?? 'rate limiter error', { error: String(error) }),
    warn: (error: unknown, message?: string) => logger.warn(message ?? 'rate limiter warning', { error: String(error) }),
  };
  const refuse = (window: WindowName, windowMs: number) => (req: Request, res: Response, next: NextFunction) => {
    const info = infoOf(req, window);
    const state = windowState(info?.limit ?? 0, info?.used ?? 0, info?.resetTime, windowMs);
    const retryAfter = secondsUntil(state.resetTime);
    setRateLimitHeaders(res, state);
    res.setHeader('Retry-After', String(retryAfter));
    const what = REFUSED[window];
    const team = window === 'minute' || window === 'day' ? req.auth : undefined;
    refusals.inc({ plan: team?.plan ?? 'anonymous', limit: REFUSAL_LIMIT[window] });
    next(
      new AppError(ErrorCode.RATE_LIMIT_EXCEEDED, `rate limit of ${state.limit} ${what} reached; retry in ${retryAfter} s`, {
        details: { window, limit: state.limit, retryAfter },
      }),
    );
  };
  const stores = new Map<WindowName, SharedCounterStore>();
  const limiter = (window: WindowName, windowMs: number, options: Partial<Parameters<typeof rateLimit>[0]>): RateLimitRequestHandler => {
    const store = new SharedCounterStore(counters, `${keyPrefix}:rl:${window}:`, reads);
    stores.set(window, store);
    return rateLimit({
      windowMs,
      store,
      requestPropertyName: PROPERTY[window],
      legacyHeaders: false,
      standardHeaders: false,
      passOnStoreError: false,
      logger: limiterLogger,
      handler: refuse(window, windowMs),
      ...options,
    });
  };

  const minute = limiter('minute', settings.minuteWindowMs, {
    keyGenerator: teamKey,
    limit: (req) => req.auth?.limits.perMinute ?? 0,
  });
  const day = limiter('day', settings.dayWindowMs, {
    keyGenerator: teamKey,
    limit: (req) => req.auth?.limits.perDay ?? 0,
    skip: (req) => req.auth?.limits.perDay == null,
  });
  const address = limiter('address', settings.minuteWindowMs, {
    keyGenerator: addressKey,
    limit: settings.authFailuresPerWindow,
  });

  const account = limiter('account', settings.signInAccountWindowMs, {
    keyGenerator: accountKey,
    limit: settings.signInFailuresPerAccount,
  });

  // Counting must not turn a failed authentication into a 503: without its counters it is not counted.
  const countFailure = async (handler: RateLimitRequestHandler, req: Request, res: Response): Promise<boolean> => {
    try {
      await runMiddleware(handler, req, res);
      return true;
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.warn('authentication failure limit unavailable', { error: String(error) });
      return false;
    }
  };

  // A bad key is still a 401, not a 503, when its counters cannot be reached: it is just not counted.
  const countAddressFailure = async (req: Request, res: Response): Promise<boolean> => {
    if (!(await countFailure(address, req, res))) return false;
    const info = infoOf(req, 'address');
    if (info) setRateLimitHeaders(res, windowState(info.limit, info.used, info.resetTime, settings.minuteWindowMs));
    return true;
  };

  const counted = (req: Request, window: 'minute' | 'day', windowMs: number): WindowState | undefined => {
    const info = infoOf(req, window);
    return info ? windowState(info.limit, info.used, info.resetTime, windowMs) : undefined;
  };
  // Reads of one window's counter are shared, in flight and for a few milliseconds after
  // (CounterReads): a team's many concurrent polls cost one read of the counters.
  const peek = async (handler: RateLimitRequestHandler, key: string, limit: number, windowMs: number) => {
    const info = await handler.getKey(key);
    // Without a counter yet (or just expired), no hits and no reset: a window not started is a whole window ahead.
    const hits = info && Number.isFinite(info.totalHits) ? info.totalHits : 0;
    const reset = info?.resetTime && info.resetTime.getTime() > Date.now() ? info.resetTime : undefined;
    return windowState(limit, hits, reset, windowMs);
  };
  const teamWindows = async (req: Request): Promise<TeamWindows> => {
    const limits = req.auth!.limits;
    const [perMinute, perDay] = await Promise.all([
      peek(minute, teamKey(req), limits.perMinute, settings.minuteWindowMs),
      limits.perDay === null ? null : peek(day, teamKey(req), limits.perDay, settings.dayWindowMs),
    ]);
    return { perMinute, perDay };
  };
  // Reporting must never break a request that does not count: without the counters, no headers.
  const report =
    (what: (req: Request) => Promise<WindowState[]>): RequestHandler =>
    async (req, res, next) => {
      try {
        const state = tightest(await what(req));
        if (state) setRateLimitHeaders(res, state);
      } catch (error) {
        logger.debug('rate limit state unavailable', { error: String(error) });
      }
      next();
    };
  const rateLimitHeaders = report(async (req) => {
    const { perMinute, perDay } = await teamWindows(req);
    return perDay ? [perMinute, perDay] : [perMinute];
  });

  return {
    async enrichment(req, res, { free }) {
      if (!free) {
        await runMiddleware(minute, req, res);
        await runMiddleware(day, req, res);
      }
      const states = [counted(req, 'minute', settings.minuteWindowMs), counted(req, 'day', settings.dayWindowMs)];
      const state = tightest(states.filter((s): s is WindowState => s !== undefined));
      if (state) setRateLimitHeaders(res, state);
      else await runMiddleware(rateLimitHeaders, req, res);
    },
    rateLimitHeaders,
    async readBesideStatus(req, res, read) {
      const [found] = await Promise.allSettled([read(), runMiddleware(rateLimitHeaders, req, res)]);
      if (found.status === 'rejected') throw found.reason;
      return found.value;
    },
    teamWindows,
    countAuthFailure: async (req, res) => {
      await countAddressFailure(req, res);
    },
    async signInAttempt(req, res, accountName) {
      (req as unknown as Record<symbol, unknown>)[ACCOUNT] = accountName;
      const counted: [WindowName, string][] = [];
      if (await countAddressFailure(req, res)) counted.push(['address', addressKey(req)]);
      if (await countFailure(account, req, res)) counted.push(['account', accountName]);
      return {
        async succeeded() {
          await Promise.all(counted.map(([window, key]) => stores.get(window)!.decrement(key))).catch((error: unknown) =>
            logger.warn('sign-in count not given back', { error: String(error) }),
          );
        },
      };
    },
    addressStatus: report(async (req) => [await peek(address, addressKey(req), settings.authFailuresPerWindow, settings.minuteWindowMs)]),
  };
}
