import { keptAnswers, sentAnswer } from './kept-answers';

const answer = (version: string, json: string) => ({ ...sentAnswer(json), version });

describe('keptAnswers', () => {
  it('keeps answers by key, a newer one replacing the older', () => {
    const kept = keptAnswers(100);
    kept.keep('a', answer('1', 'one'));
    kept.keep('a', answer('2', 'two'));
    expect(kept.get('a')).toEqual(answer('2', 'two'));
    kept.drop('a');
    expect(kept.get('a')).toBeUndefined();
  });

  it('drops the least recently used once their text passes the bound, and never keeps one bigger than it', () => {
    const kept = keptAnswers(10);
    kept.keep('a', answer('1', 'aaaa'));
    kept.keep('b', answer('1', 'bbbb'));
    kept.used('a', kept.get('a')!);
    kept.keep('c', answer('1', 'cccc'));
    expect([kept.get('a')?.body.toString(), kept.get('b')?.body.toString(), kept.get('c')?.body.toString()]).toEqual([
      'aaaa',
      undefined,
      'cccc',
    ]);
    kept.keep('d', answer('1', 'd'.repeat(11)));
    expect(kept.get('d')).toBeUndefined();
    expect(kept.get('a')?.body.toString()).toBe('aaaa');
  });

  it('drops answers nobody used for the idle time, however far below the bound', () => {
    let clock = 0;
    const kept = keptAnswers(1000, 60_000, () => clock);
    kept.keep('a', answer('1', 'aaaa'));
    kept.keep('b', answer('1', 'bbbb'));
    clock = 30_000;
    kept.used('a', kept.get('a')!);
    clock = 61_000;
    kept.keep('c', answer('1', 'cccc'));
    expect([kept.get('a')?.body.toString(), kept.get('b'), kept.get('c')?.body.toString()]).toEqual(['aaaa', undefined, 'cccc']);
    expect(kept.bytes).toBe(8);
    clock = 200_000;
    kept.used('c', kept.get('c')!);
    expect(kept.get('a')).toBeUndefined();
    expect(kept.bytes).toBe(4);
  });
});
