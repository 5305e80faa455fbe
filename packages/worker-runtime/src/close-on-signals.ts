import type { Logger } from '@enrich/logger';

/**
 * A worker process's shutdown: on SIGTERM or SIGINT it stops taking jobs and finishes the ones
 * in hand (close), then exits. Should that take longer than `timeoutMs` (SHUTDOWN_TIMEOUT_MS),
 * it exits anyway: the jobs still in hand keep their queue locks until those expire
 * (WORKER_LOCK_DURATION_MS), and another replica then takes them up as stalled jobs, from the
 * step they were in. Nothing is lost; such a step runs again.
 *
 * `closers` run one after another, each even when one before it failed: the workers first, then
 * what watches them (the metrics listener, the traces still buffered).
 */
export function closeOnSignals(
  name: string,
  closers: ReadonlyArray<(() => Promise<unknown>) | undefined>,
  logger: Logger,
  timeoutMs: number,
): void {
  const closeAll = async () => {
    let failure: unknown;
    for (const close of closers) await close?.().catch((error: unknown) => (failure ??= error));
    if (failure !== undefined) throw failure;
  };
  const shutdown = (signal: string) => {
    logger.info(`${name} shutting down`, { signal, timeoutMs });
    const timer = setTimeout(() => {
      logger.warn(`${name} did not finish its jobs within the shutdown timeout; another replica takes them over`, { timeoutMs });
      process.exit(0);
    }, timeoutMs);
    closeAll().then(
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
