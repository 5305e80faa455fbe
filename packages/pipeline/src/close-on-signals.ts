import type { Logger } from '@enrich/logger';

/**
 * A worker process's shutdown: on SIGTERM or SIGINT, finish the jobs in hand (close), then
 * exit; unfinished ones are picked up by another replica once their locks expire.
 */
export function closeOnSignals(name: string, workers: { close(): Promise<void> }, logger: Logger): void {
  const shutdown = (signal: string) => {
    logger.info(`${name} shutting down`, { signal });
    workers.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
