import { createResponseCache, serializeResponse } from './response-cache';

const answer = (version: string, json: string) => ({ ...serializeResponse(json), version });

describe('createResponseCache', () => {
  it('keeps answers by key, a newer one replacing the older', () => {
    const kept = createResponseCache(100);
    kept.set('a', answer('1', 'one'));
    kept.set('a', answer('2', 'two'));
    expect(kept.get('a')).toEqual(answer('2', 'two'));
    kept.delete('a');
    expect(kept.get('a')).toBeUndefined();
  });

  it('drops the least recently used once their text passes the bound, and never keeps one bigger than it', () => {
    const kept = createResponseCache(10);
    kept.set('a', answer('1', 'aaaa'));
    kept.set('b', answer('1', 'bbbb'));
    kept.get('a');
    kept.set('c', answer('1', 'cccc'));
    expect([kept.get('a')?.body.toString(), kept.get('b')?.body.toString(), kept.get('c')?.body.toString()]).toEqual([
      'aaaa',
      undefined,
      'cccc',
    ]);
    kept.set('d', answer('1', 'd'.repeat(11)));
    expect(kept.get('d')).toBeUndefined();
    expect(kept.get('a')?.body.toString()).toBe('aaaa');
    expect(kept.calculatedSize).toBe(8);
  });

  it('serves no answer nobody used for the idle time, however far below the bound', () => {
    let clock = 1;
    const kept = createResponseCache(1000, 60_000, { now: () => clock });
    kept.set('a', answer('1', 'aaaa'));
    kept.set('b', answer('1', 'bbbb'));
    clock = 30_000;
    expect(kept.get('a')?.body.toString()).toBe('aaaa');
    clock = 61_000;
    kept.set('c', answer('1', 'cccc'));
    expect([kept.get('a')?.body.toString(), kept.get('b'), kept.get('c')?.body.toString()]).toEqual(['aaaa', undefined, 'cccc']);
    expect(kept.calculatedSize).toBe(8);
    clock = 200_000;
    expect(kept.get('a')).toBeUndefined();
    expect(kept.get('c')).toBeUndefined();
    expect(kept.calculatedSize).toBe(0);
  });

  it('sweeps idle answers out when one is kept, without anybody asking for them again', async () => {
    let clock = 1;
    const kept = createResponseCache(1000, 60_000, { now: () => clock });
    kept.set('a', answer('1', 'aaaa'));
    kept.set('b', answer('1', 'bbbb'));
    clock = 30_000;
    kept.get('a');
    clock = 61_000;
    kept.set('c', answer('1', 'cccc'));
    await Promise.resolve();
    expect([...kept.keys()].sort()).toEqual(['a', 'c']);
    expect(kept.calculatedSize).toBe(8); // b's bytes went, not only its answer
    clock = 130_000;
    kept.set('d', answer('1', 'dddd'));
    await Promise.resolve();
    expect([...kept.keys()]).toEqual(['d']);
    expect(kept.calculatedSize).toBe(4);
  });
});
