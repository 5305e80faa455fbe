import type { AuthenticatedTeam } from '@enrich/api-keys';
import { AppError, ErrorCode } from '@enrich/errors';
import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import { requireAuth } from '../middleware/authenticate';
import { runMiddleware } from '../middleware/run-middleware';
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
}

export interface EnrichmentPost<S extends Submission> {
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
 * An enrichment POST (single or bulk), in order: read and classify the submission, count the
 * request against the rate limits, then hand the classified submission to the handler. The
 * limiter comes after classifying because a submission that adds no new domain (duplicates of
 * the team's recent submissions) is free; a submission that cannot be read still counts, and
 * is refused only after the limiter. A refusal by the monthly quota is counted (limitRefusals).
 */
export function enrichmentPost<S extends Submission>(ctx: AppContext, limits: RateLimits, post: EnrichmentPost<S>): RequestHandler {
  const classify = async (req: Request, res: Response, team: AuthenticatedTeam): Promise<ClassifiedSubmission<S>> => {
    await runMiddleware(post.body, req, res);
    const submission = post.read(req);
    const recent = await recentlySubmitted(ctx.caches.lookups.recentSubmissions, team.teamId, submission.domains);
    return { team, submission, recent };
  };
  return async (req, res) => {
    const team = requireAuth(req);
    const classified: Read<ClassifiedSubmission<S>> = await classify(req, res, team).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );
    await limits.enrichment(req, res, { free: classified.ok && addsNoNewDomain(classified.value) });
    if (!classified.ok) throw classified.error;
    await post.handle(res, classified.value).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ErrorCode.QUOTA_EXCEEDED)
        ctx.metrics.limitRefusals.inc({ plan: team.plan, limit: 'month' });
      throw error;
    });
  };
}
