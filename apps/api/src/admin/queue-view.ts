import { createHash, timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { AppError, ErrorCode } from '@enrich/errors';
import { QueueName } from '@enrich/queue';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../app-context';

/** Where the operators' queue view (bull-board) is mounted: its page, static files and JSON API. */
export const QUEUE_VIEW_PATH = '/admin/queues';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const BASIC = /^Basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i;

/** The token a request presents: `Bearer <token>`, or Basic with any user and the token as password. */
function presentedToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const bearer = BEARER.exec(authorization);
  if (bearer) return bearer[1];
  const basic = BASIC.exec(authorization);
  if (!basic?.[1]) return undefined;
  const pair = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  return colon < 0 ? undefined : pair.slice(colon + 1);
}

const REFUSED = 'the queue view needs the operator token: Authorization: Bearer <OPERATOR_TOKEN>, or Basic with it as the password';

// Digests first, so the comparison takes the same time whatever the length of what was sent.
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Lets through only requests that present OPERATOR_TOKEN. API keys and dashboard sessions are
 * not operator credentials and open nothing here. A refusal is the usual 401 error body, with a
 * Basic challenge so that a browser asks for the token (any user name, the token as password).
 */
export function operatorGuard(token: string): RequestHandler {
  const expected = digest(token);
  return (req: Request, res: Response, next: NextFunction): void => {
    const given = presentedToken(req.get('authorization'));
    if (given !== undefined && timingSafeEqual(digest(given), expected)) {
      next();
      return;
    }
    res.setHeader('WWW-Authenticate', 'Basic realm="queues"');
    next(new AppError(ErrorCode.AUTHENTICATION_FAILED, REFUSED));
  };
}

/**
 * Mounts bull-board at /admin/queues, behind operatorGuard, on every queue of the catalogue
 * (the process's Queue objects, from its store, whichever it is). Read-only unless
 * OPERATOR_CAN_ACT. Without OPERATOR_TOKEN nothing is mounted and the path is a plain 404.
 * Mounted before the API's own middleware (limits, body parsers, URL checks), which the board's
 * page, files and JSON API do not need.
 */
export function mountQueueView(app: Express, ctx: Pick<AppContext, 'config' | 'queues'>): void {
  const { OPERATOR_TOKEN: token, OPERATOR_CAN_ACT: canAct } = ctx.config;
  if (!token) return;
  const queues = Object.values(QueueName).map((name) => ctx.queues.queue(name));
  const board = new ExpressAdapter();
  board.setBasePath(QUEUE_VIEW_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: !canAct, allowRetries: canAct })),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Enrichment queues' } },
  });
  const router: Express = board.getRouter();
  router.disable('x-powered-by');
  // One prefix for the guard and the board, so the board's static files are guarded too.
  app.use(QUEUE_VIEW_PATH, operatorGuard(token), router);
}
