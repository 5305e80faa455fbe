import { keptAnswers } from './kept-answers';

describe('keptAnswers', () => {
  it('keeps answers by key, a newer one replacing the older', () => {
    const kept = keptAnswers(100);
    kept.keep('a', { version: '1', body: 'one' });
    kept.keep('a', { version: '2', body: 'two' });
    expect(kept.get('a')).toEqual({ version: '2', body: 'two' });
    kept.drop('a');
    expect(kept.get('a')).toBeUndefined();
  });

  it('drops the least recently used once their text passes the bound, and never keeps one bigger than it', () => {
    const kept = keptAnswers(10);
    kept.keep('a', { version: '1', body: 'aaaa' });
    kept.keep('b', { version: '1', body: 'bbbb' });
    kept.used('a', kept.get('a')!);
    kept.keep('c', { version: '1', body: 'cccc' });
    expect([kept.get('a')?.body, kept.get('b')?.body, kept.get('c')?.body]).toEqual(['aaaa', undefined, 'cccc']);
    kept.keep('d', { version: '1', body: 'd'.repeat(11) });
    expect(kept.get('d')).toBeUndefined();
    expect(kept.get('a')?.body).toBe('aaaa');
  });
});
