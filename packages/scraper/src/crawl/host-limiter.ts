import { setTimeout as sleep } from 'node:timers/promises';
import pLimit from 'p-limit';

/**
 * Politeness for one host: at most `concurrency` requests at once, and successive request
 * starts at least `delayMs` apart (robots.txt Crawl-delay).
 */
export class HostLimiter {
  private nextStart = 0;
  // p-limit runs queued tasks in arrival order as slots free up.
  private readonly slots: pLimit.Limit;

  constructor(
    concurrency: number,
    private delayMs = 0,
  ) {
    this.slots = pLimit(concurrency);
  }

  setDelay(delayMs: number): void {
    this.delayMs = delayMs;
  }

  /**
   * Waits for a slot and the crawl delay, then runs task. Returns undefined without running it
   * when the slot would only come after `deadline` (epoch ms).
   */
  run<T>(deadline: number, task: () => Promise<T>): Promise<{ value: T } | undefined> {
    return this.slots(async () => {
      const start = Math.max(Date.now(), this.nextStart);
      if (start >= deadline) return undefined;
      this.nextStart = start + this.delayMs;
      if (start > Date.now()) await sleep(start - Date.now());
      return { value: await task() };
    });
  }
}
