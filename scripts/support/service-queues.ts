import { loadConfig, queueStoreEnv } from '@enrich/config';
import { createRedisConnection, type QueueStoreKind, waitUntilConnected } from '@enrich/queue';

export interface QueueStoreChoice {
  kind: QueueStoreKind;
  /** One line saying which store it is and why, without credentials. */
  description: string;
}

// Long enough for a Redis that is starting; a bare machine waits this once.
const REDIS_WAIT_MS = 2000;

async function redisAnswers(url: string, timeoutMs: number): Promise<boolean> {
  const redis = createRedisConnection(url, 'producer');
  try {
    await waitUntilConnected(redis, timeoutMs);
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * What holds the queues of the service `npm start` runs: QUEUE_STORE when it is set; Redis
 * when REDIS_URL is given (it must answer: a configured Redis that does not is an error, never
 * a quiet fall back to PostgreSQL) or when a Redis answers at the default address; PostgreSQL
 * otherwise. Sets QUEUE_STORE for the processes started next.
 */
export async function serviceQueues(): Promise<QueueStoreChoice> {
  const settings = loadConfig(queueStoreEnv);
  const where = new URL(settings.REDIS_URL).host;
  if (process.env.QUEUE_STORE?.trim() && settings.QUEUE_STORE === 'postgres') {
    return { kind: 'postgres', description: 'PostgreSQL (QUEUE_STORE=postgres)' };
  }
  const configured = Boolean(process.env.REDIS_URL?.trim()) || Boolean(process.env.QUEUE_STORE?.trim());
  if (await redisAnswers(settings.REDIS_URL, configured ? 5000 : REDIS_WAIT_MS)) {
    process.env.QUEUE_STORE = 'redis';
    const why = process.env.REDIS_URL?.trim() ? 'REDIS_URL' : 'the default address';
    return { kind: 'redis', description: `Redis at ${where} (${why})` };
  }
  if (configured) throw new Error(`Redis at ${where} is not reachable (REDIS_URL or QUEUE_STORE=redis is set)`);
  process.env.QUEUE_STORE = 'postgres';
  return { kind: 'postgres', description: `PostgreSQL (no Redis answered at ${where}; set REDIS_URL for many workers)` };
}
