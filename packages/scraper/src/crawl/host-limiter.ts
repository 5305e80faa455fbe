/**
 * Politeness for one host: at most `concurrency` requests at once, and successive request
 * starts at least `delayMs` apart (robots.txt Crawl-delay).
 */
export class HostLimiter {
  private active = 0;
  private nextStart = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private delayMs = 0,
  ) {}

  setDelay(delayMs: number): void {
    this.delayMs = delayMs;
  }

  /**
   * Waits for a slot and the crawl delay, then runs task. Returns undefined without running it
   * when the slot would only come after `deadline` (epoch ms).
   */
  async run<T>(deadline: number, task: () => Promise<T>): Promise<{ value: T } | undefined> {
    // A released slot passes straight to the next waiter, so a newcomer cannot slip in between.
    if (this.active < this.concurrency) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      const start = Math.max(Date.now(), this.nextStart);
      if (start >= deadline) return undefined;
      this.nextStart = start + this.delayMs;
      if (start > Date.now()) await new Promise((resolve) => setTimeout(resolve, start - Date.now()));
      return { value: await task() };
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
