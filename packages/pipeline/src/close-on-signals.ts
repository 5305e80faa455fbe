import type { Logger } from '@enrich/logger';

/**
 * A worker process's shutdown: on SIGTERM or SIGINT it stops taking jobs and finishes the ones
 * in hand (close), then exits. Should that take longer than `timeoutMs` (SHUTDOWN_TIMEOUT_MS),
 * it exits anyway: the jobs still in hand keep their queue locks until those expire
 * (WORKER_LOCK_DURATION_MS), and another replica then takes them up as stalled jobs, from the
 * step they were in. Nothing is lost; such a step runs again.
 */
export function closeOnSignals(name: string, workers: { close(): Promise<void> }, logger: Logger, timeoutMs: number): void {
  const shutdown = (signal: string) => {
    logger.info(`${name} shutting down`, { signal, timeoutMs });
    const timer = setTimeout(() => {
      logger.warn(`${name} did not finish its jobs within the shutdown timeout; another replica takes them over`, { timeoutMs });
      process.exit(0);
    }, timeoutMs);
    workers.close().then(
      () => {
        clearTimeout(timer);
        logger.info(`${name} stopped`);
        process.exit(0);
      },
      (error: unknown) => {
        logger.error(`${name} could not close cleanly`, { error });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
