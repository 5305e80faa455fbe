import { forgetWhere, trustUntil, ttlCache } from './ttl-cache';

describe('ttlCache', () => {
  it('serves an entry until its deadline and never after: a revoked key stops being trusted within its TTL', () => {
    let clock = 1_000;
    const keys = ttlCache<{ teamId: string }>(10, { now: () => clock });
    trustUntil(keys, 'hash-of-key', { teamId: 't1' }, 6_000, 1_000);
    clock = 5_999;
    expect(keys.get('hash-of-key')).toEqual({ teamId: 't1' });
    // The key is revoked in Postgres; this process does not know, and stops trusting it at the deadline.
    clock = 6_001;
    expect(keys.get('hash-of-key')).toBeUndefined();
    expect(keys.size).toBe(0);
  });

  it('keeps nothing for a deadline already past (KEY_CACHE_MS=0), and drops what it held', () => {
    const keys = ttlCache<{ teamId: string }>(10);
    trustUntil(keys, 'k', { teamId: 't1' }, Date.now() + 60_000);
    trustUntil(keys, 'k', { teamId: 't1' }, Date.now());
    expect(keys.get('k')).toBeUndefined();
  });

  it('is capped, the least recently used going first, and forgets by value', () => {
    const sessions = ttlCache<{ user: string }>(2);
    const until = Date.now() + 60_000;
    trustUntil(sessions, 'a', { user: 'u1' }, until);
    trustUntil(sessions, 'b', { user: 'u2' }, until);
    sessions.get('a');
    trustUntil(sessions, 'c', { user: 'u1' }, until);
    expect([...sessions.keys()].sort()).toEqual(['a', 'c']);
    forgetWhere(sessions, (session) => session.user === 'u1');
    expect(sessions.size).toBe(0);
  });
});
