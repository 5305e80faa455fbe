import type { AuthenticatedTeam } from '@enrich/api-keys';
import { AppError, ErrorCode } from '@enrich/errors';
import type { Logger } from '@enrich/logger';
import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { runMiddleware } from '../middleware/run-middleware';
import { type IdempotencyKeys, idempotencyKeyOf, submissionFingerprint } from './idempotency';
import { recentlySubmitted } from './recent-submissions';

/** What an enrichment POST asks for, read from its body. */
export interface Submission {
  /** Distinct normalised domains, in submission order. */
  domains: readonly string[];
  refresh: boolean;
}

export interface ClassifiedSubmission<S extends Submission> {
  team: AuthenticatedTeam;
  submission: S;
  /** Of its domains, those the team submitted within the freshness window: duplicates, free. */
  recent: ReadonlySet<string>;
  /** The request's Idempotency-Key, null without one. */
  idempotencyKey: string | null;
}

export interface EnrichmentPost<S extends Submission> {
  /** The operation, as an Idempotency-Key's fingerprint names it ("POST /enrich"). */
  operation: string;
  /** Reads the request body (JSON, CSV) onto `req.body`. */
  body: RequestHandler;
  /** The submission in the body; throws when it is not valid. */
  read(req: Request): S;
  /** Answers the request; runs only once the request was counted. */
  handle(res: Response, classified: ClassifiedSubmission<S>): Promise<void>;
}

const addsNoNewDomain = ({ submission, recent }: ClassifiedSubmission<Submission>) =>
  submission.domains.length > 0 && submission.domains.every((domain) => recent.has(domain));

type Read<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * An enrichment POST (single or bulk), in order: read and classify the submission, answer a
 * retry of an Idempotency-Key from its cached response, count the request against the rate limits,
 * then hand the classified submission to the handler. The limiter comes after classifying
 * because a submission that adds no new domain (duplicates of the team's recent submissions)
 * is free, as is a replay, which admits nothing; a submission that cannot be read still counts,
 * and is refused only after the limiter. A refusal by the monthly quota is counted
 * (limitRefusals).
 */
export function enrichmentPost<S extends Submission>(ctx: AppContext, limits: RateLimits, post: EnrichmentPost<S>): RequestHandler {
  const classify = async (req: Request, res: Response, team: AuthenticatedTeam): Promise<ClassifiedSubmission<S>> => {
    await runMiddleware(post.body, req, res);
    const idempotencyKey = idempotencyKeyOf(req.get('idempotency-key'));
    const submission = post.read(req);
    const recent = await recentlySubmitted(ctx.caches.lookups.recentSubmissions, team.teamId, submission.domains);
    return { team, submission, recent, idempotencyKey };
  };
  const handle = async (res: Response, classified: ClassifiedSubmission<S>) => {
    await post.handle(res, classified).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ErrorCode.QUOTA_EXCEEDED)
        ctx.metrics.limitRefusals.inc({ plan: classified.team.plan, limit: 'month' });
      throw error;
    });
  };
  return async (req, res) => {
    const team = requireAuth(req);
    const classified: Read<ClassifiedSubmission<S>> = await classify(req, res, team).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );
    const key = classified.ok ? classified.value.idempotencyKey : null;
    if (!classified.ok || key === null) {
      await limits.enrichment(req, res, { free: classified.ok && addsNoNewDomain(classified.value) });
      if (!classified.ok) throw classified.error;
      return handle(res, classified.value);
    }
    const idempotent = {
      keys: ctx.idempotency,
      teamId: team.teamId,
      key,
      fingerprint: submissionFingerprint(post.operation, classified.value.submission),
    };
    const start = await idempotent.keys.start(idempotent.teamId, key, idempotent.fingerprint);
    if (!start.run) {
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(start.status).json(start.answer);
      return;
    }
    await answerOnce(res, idempotent, ctx.logger, async () => {
      await limits.enrichment(req, res, { free: addsNoNewDomain(classified.value) });
      await handle(res, classified.value);
    });
  };
}

/**
 * Runs a request that claimed its Idempotency-Key, and keeps its answer before sending it, so a
 * retry that follows the answer finds it kept. A refusal or a fault frees the key for a retry.
 */
async function answerOnce(
  res: Response,
  idempotent: { keys: IdempotencyKeys; teamId: string; key: string; fingerprint: string },
  logger: Logger,
  run: () => Promise<void>,
): Promise<void> {
  const { keys, teamId, key, fingerprint } = idempotent;
  const send = res.json.bind(res);
  let answer: { status: number; body: unknown } | null = null;
  res.json = (body: unknown) => {
    answer = { status: res.statusCode, body };
    return res;
  };
  try {
    await run();
  } catch (error) {
    await keys.release(teamId, key, fingerprint).catch(() => undefined);
    throw error;
  } finally {
    res.json = send;
  }
  const sent = answer as { status: number; body: unknown } | null;
  if (!sent) throw new Error('an enrichment POST ended without an answer');
  if (sent.status >= 200 && sent.status < 300) {
    // Kept or not, the work is done and its answer goes out; a key left unanswered is taken over
    // by a retry once its claim lapses.
    await keys.keep(teamId, key, fingerprint, sent.status, sent.body).catch((error: unknown) => {
      logger.warn('idempotent answer not kept', { requestId: res.req.requestId, error: String(error) });
    });
  } else {
    await keys.release(teamId, key, fingerprint).catch(() => undefined);
  }
  send(sent.body);
}
