import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import { batchedPerTurn, type Lookup } from '../coalesced-lookup';
import { CounterReads } from './counter-reads';
import type { WindowCounters } from './window-counters';

/**
 * express-rate-limit's counters, shared by every API replica through WindowCounters (Redis, or
 * the service's PostgreSQL).
 * - Increments of one counter that arrive together (a team's concurrent submissions) are one
 *   incrementBy adding them all (a batchedPerTurn); each request then gets its own place in the
 *   count, exactly as if they had arrived one by one, so limits hold to the request.
 * - Reads share the read in flight and reuse one just ended (CounterReads, given by the app
 *   context). A count or a count given back here drops the counter's read, before and after.
 */
export class SharedCounterStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private readonly increments: Lookup<string, IncrementResponse>;

  constructor(
    private readonly counters: WindowCounters,
    readonly prefix: string,
    private readonly reads: CounterReads = new CounterReads(),
  ) {
    // An answer that is an Error rejects that increment alone (DataLoader's rule).
    this.increments = batchedPerTurn<string, IncrementResponse>(async (keys) => {
      const byKey = new Map<string, number[]>();
      keys.forEach((key, i) => {
        const at = byKey.get(key);
        if (at) at.push(i);
        else byKey.set(key, [i]);
      });
      const answers: (IncrementResponse | Error)[] = new Array(keys.length);
      await Promise.all(
        [...byKey].map(async ([key, at]) => {
          try {
            const { total, msLeft } = await counters.incrementBy(this.prefixKey(key), this.windowMs, at.length);
            const resetTime = new Date(Date.now() + msLeft);
            const first = total - at.length + 1;
            at.forEach((position, i) => {
              answers[position] = { totalHits: first + i, resetTime };
            });
          } catch (error) {
            for (const position of at) answers[position] = error instanceof Error ? error : new Error(String(error));
          }
        }),
      );
      return answers;
    });
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  prefixKey(key: string): string {
    return `${this.prefix}${key}`;
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const fullKey = this.prefixKey(key);
    return this.reads.read(fullKey, () => this.readNow(fullKey));
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.changing(key, () => this.increments.load(key));
  }

  decrement(key: string): Promise<void> {
    return this.changing(key, () => this.counters.decrement(this.prefixKey(key)));
  }

  resetKey(key: string): Promise<void> {
    return this.changing(key, () => this.counters.reset(this.prefixKey(key)));
  }

  /** A change of a counter drops its reused read, before and after: one begun meanwhile may not hold it. */
  private async changing<T>(key: string, change: () => Promise<T>): Promise<T> {
    const fullKey = this.prefixKey(key);
    this.reads.drop(fullKey);
    try {
      return await change();
    } finally {
      this.reads.drop(fullKey);
    }
  }

  private async readNow(fullKey: string): Promise<ClientRateLimitInfo> {
    const counter = await this.counters.read(fullKey);
    if (!counter) return { totalHits: 0, resetTime: undefined };
    return { totalHits: counter.hits, resetTime: new Date(Date.now() + counter.msLeft) };
  }
}
