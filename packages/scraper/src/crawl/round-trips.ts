/**
 * Counts the sequential network round trips of one site's scrape: the length of its longest
 * chain of requests, each of which could only be sent once an earlier answer was in (the
 * homepage before robots.txt, robots.txt before the sitemap and the pages, …), with at most
 * `concurrency` requests at once per origin, as the crawl's HostLimiter allows. Requests are
 * placed as if each round trip took the same time: two pages fetched side by side cost one
 * trip, a third one behind them a second. It is what the scrape's wall time would be in units
 * of one round trip on a network with nothing but latency (crawl delays and rendering apart).
 */
export class RoundTrips {
  /** Per origin, the trip after which each of its request slots is free again. */
  private readonly slots = new Map<string, number[]>();
  private deepest = 0;

  constructor(private readonly concurrency: number) {}

  /** The longest chain so far. */
  get depth(): number {
    return this.deepest;
  }

  /**
   * One request to `origin` that could go out once `after` trips were done and took `trips`
   * round trips (1, plus one per redirect it followed). Returns the trip it ended on, which
   * is what anything waiting for its answer goes out after.
   */
  add(origin: string, after: number, trips = 1): number {
    let free = this.slots.get(origin);
    if (!free) {
      free = Array.from({ length: Math.max(1, this.concurrency) }, () => 0);
      this.slots.set(origin, free);
    }
    const slot = free.indexOf(Math.min(...free));
    const end = Math.max(after, free[slot]!) + trips;
    free[slot] = end;
    this.deepest = Math.max(this.deepest, end);
    return end;
  }
}
