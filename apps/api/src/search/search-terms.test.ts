import { MAX_TERMS, prefixQuery, searchTerms } from './search-terms';

describe('searchTerms', () => {
  it('keeps runs of letters and digits, lower-cased, once each', () => {
    expect(searchTerms('  Acme-Analytics, acme.COM  3D ')).toEqual(['acme', 'analytics', 'com', '3d']);
  });

  it('gives nothing for missing, empty or punctuation-only text', () => {
    expect(searchTerms(undefined)).toEqual([]);
    expect(searchTerms('')).toEqual([]);
    expect(searchTerms(' .,;:!?()&|*\'"\\<> ')).toEqual([]);
  });

  it('never lets tsquery syntax through', () => {
    for (const term of searchTerms("a:* | b & !c <-> (d) 'e' f\\g")) expect(term).toMatch(/^[a-z]+$/);
  });

  it('keeps letters outside ASCII, composed', () => {
    expect(searchTerms('Kraków São Paulo Müller')).toEqual(['kraków', 'são', 'paulo', 'müller']);
    expect(searchTerms('Cafe\u0301')).toEqual(['café']);
  });

  it(`stops at ${MAX_TERMS} terms`, () => {
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(MAX_TERMS);
  });
});

describe('prefixQuery', () => {
  it('ands the terms as prefixes', () => {
    expect(prefixQuery(['acme', 'an'])).toBe('acme:* & an:*');
  });

  it('ors a term with its corrections, dropping any that are not plain words', () => {
    const corrections = new Map([['anlytics', ['analytics', 'bad:*', 'x|y']]]);
    expect(prefixQuery(['acme', 'anlytics'], corrections)).toBe('acme:* & (anlytics:* | analytics)');
  });
});
