import type { ClientRateLimitInfo } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';

/** How long an ended read of a counter is reused (see CounterReads). */
export const COUNTER_READ_REUSE_MS = 10;

type Read = Promise<ClientRateLimitInfo | undefined>;

/**
 * Reads of rate-limit counters (the windows that polls, lookups and searches report without
 * counting), shared by every store of a process and built with the app context (caches.ts): a
 * read in flight is shared, and one that ended is reused for `reuseMs`, so a team's thousands
 * of polls a second cost one read of the counters every few milliseconds, not one each (it was
 * 7% of a poll's CPU in bench:api). A failed read is never reused. A count, or a count given
 * back, in this process drops the read it makes stale (`drop`); another replica's shows within
 * `reuseMs`.
 */
export class CounterReads {
  // Keyed by the counter's whole key; in flight without a ttl, ended with one of reuseMs.
  private readonly reads: LRUCache<string, Read>;

  constructor(
    readonly reuseMs = COUNTER_READ_REUSE_MS,
    max = 10_000,
  ) {
    this.reads = new LRUCache<string, Read>({ max });
  }

  /** The shared read of `key`: the one in flight or just ended, or `readNow()`. */
  read(key: string, readNow: () => Read): Read {
    const held = this.reads.get(key);
    if (held) return held;
    const read = readNow();
    this.reads.set(key, read);
    read.then(
      () => {
        if (this.reads.peek(key) === read) this.reads.set(key, read, { ttl: this.reuseMs });
      },
      () => {
        if (this.reads.peek(key) === read) this.reads.delete(key);
      },
    );
    return read;
  }

  /** Forgets the read of `key`: the counter changed. */
  drop(key: string): void {
    this.reads.delete(key);
  }
}
