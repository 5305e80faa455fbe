import type { Db } from '@enrich/db';

interface Entry<T> {
  value: T;
  until: number;
}

/**
 * What an API process trusts for a short while without asking Postgres again (keys, dashboard
 * sessions), each entry until its own deadline. Capped: past the cap the oldest entry goes.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly max = 10_000) {}

  get(key: string, now = Date.now()): T | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T, until: number): void {
    if (until <= Date.now()) return;
    this.entries.delete(key);
    // Oldest first in a Map: past the cap, the oldest entry goes.
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  deleteWhere(matches: (value: T) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }
}

/** One cache per database client and kind, so apps over different databases never share an answer. */
export function perDatabase<T>(): (db: Db) => TtlCache<T> {
  const caches = new WeakMap<Db, TtlCache<T>>();
  return (db) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new TtlCache<T>();
      caches.set(db, cache);
    }
    return cache;
  };
}
