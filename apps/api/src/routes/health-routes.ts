import { AppError, ErrorCode } from '@enrich/errors';
import { Router } from 'express';
import type { AppContext } from '../app-context';

const CHECK_TIMEOUT_MS = 2000;

async function check(probe: () => Promise<unknown>): Promise<'ok' | string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    // Unauthenticated endpoint: say what is wrong, not where the database lives.
    return error instanceof Error && error.message === 'timed out' ? 'timed out' : 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(ctx: AppContext): Router {
  const router = Router();
  // Liveness: the process answers. Never touches dependencies, so a database outage does not
  // get healthy API processes restarted.
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Readiness: this process can serve, i.e. Postgres and Redis answer.
  router.get('/readyz', async (_req, res) => {
    const [postgres, redis] = await Promise.all([check(() => ctx.db.$queryRaw`SELECT 1`), check(() => ctx.redis.ping())]);
    const checks = { postgres, redis };
    if (postgres === 'ok' && redis === 'ok') {
      res.json({ status: 'ok', checks });
      return;
    }
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'not ready: a backing service is unreachable', { details: { checks } });
  });
  return router;
}
