import { LRUCache } from 'lru-cache';

/**
 * What an API process trusts for a short while without asking Postgres again (keys, dashboard
 * sessions), built with the app context (caches.ts): each entry until its own deadline
 * (trustUntil), never served past it; capped, the least recently used going first.
 */
export type TtlCache<T extends {}> = LRUCache<string, T>;

export function ttlCache<T extends {}>(max = 10_000, perf?: { now(): number }): TtlCache<T> {
  // ttlResolution 0: the clock read on each check (a fraction of a microsecond). lru-cache's
  // default (1 ms) keeps the reading by arming a timer each millisecond the cache is used: more
  // work under load than it saves, and a deadline could be passed by that much.
  return new LRUCache<string, T>({ max, ttlResolution: 0, ...(perf ? { perf } : {}) });
}

/** Keeps `value` until `until` (epoch ms); a deadline already past keeps nothing (lru-cache would read a ttl of 0 as forever). */
export function trustUntil<T extends {}>(cache: TtlCache<T>, key: string, value: T, until: number, now = Date.now()): void {
  const ttl = Math.floor(until - now);
  if (ttl > 0) cache.set(key, value, { ttl });
  else cache.delete(key);
}

/** Drops every entry whose value matches (a user's sessions on sign-out everywhere). */
export function forgetWhere<T extends {}>(cache: TtlCache<T>, matches: (value: T) => boolean): void {
  for (const [key, value] of cache.entries()) if (matches(value)) cache.delete(key);
}
