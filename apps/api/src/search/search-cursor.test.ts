import { encodeCursorValues } from '../schemas/cursor';
import { searchQuerySchema } from '../schemas/search';
import { cursorFits, decodeSearchCursor, encodeSearchCursor, type SearchCursor, searchFingerprint } from './search-cursor';

const decode = (text: string) => decodeSearchCursor(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
const recency: SearchCursor = {
  key: { order: 'recency', at: new Date('2026-03-01T10:00:00.123Z'), domain: 'acme.com' },
  position: 40,
  fingerprint: searchFingerprint({ q: 'software' }),
};
const rank: SearchCursor = {
  key: { order: 'rank', typed: false, rank: 0.06666667, domain: 'xn--bcher-kva.example' },
  position: 20,
  fingerprint: searchFingerprint({ q: 'anlytics', industry: 'Software' }),
};

describe('search cursors', () => {
  it('carry a recency key to the millisecond, and a rank key exactly', () => {
    expect(decode(encodeSearchCursor(recency))).toEqual(recency);
    expect(decode(encodeSearchCursor(rank))).toEqual(rank);
  });

  it('are values no one else could take for one: anything else is not a cursor', () => {
    const fingerprint = recency.fingerprint;
    for (const values of [
      [],
      [fingerprint, 0, '2026-03-01T10:00:00Z', 'acme.com'], // not as toISOString writes it
      [fingerprint, -1, '2026-03-01T10:00:00.000Z', 'acme.com'],
      [fingerprint, 1.5, '2026-03-01T10:00:00.000Z', 'acme.com'],
      [fingerprint, 0, '2026-03-01T10:00:00.000Z', 'ACME.com'],
      ['short', 0, '2026-03-01T10:00:00.000Z', 'acme.com'],
      [fingerprint, 0, 'true', 0.5, 'acme.com'],
      [fingerprint, 0, true, '0.5', 'acme.com'],
      [fingerprint, 0, true, 0.5, 'acme.com', 'more'],
    ]) {
      expect(decodeSearchCursor(values)).toBeUndefined();
    }
  });

  it('belong to the words and filters of their search', () => {
    expect(cursorFits(recency, { q: 'Software!' })).toBe(true); // the same words
    expect(cursorFits(recency, { q: 'software', industry: 'Software' })).toBe(false);
    expect(cursorFits(recency, { q: 'software analytics' })).toBe(false);
    expect(cursorFits(rank, { q: 'anlytics', industry: 'Software' })).toBe(true);
    // A listing is never ranked: a rank cursor for no words was made by hand.
    expect(cursorFits({ ...rank, fingerprint: searchFingerprint({}) }, {})).toBe(false);
  });

  it('are read by the query schema: not one of this search, or beside page, is refused', () => {
    const cursor = encodeSearchCursor(recency);
    expect(searchQuerySchema.parse({ q: 'software', cursor }).cursor).toEqual(recency);
    for (const query of [
      { q: 'hardware', cursor },
      { cursor },
      { q: 'software', cursor: 'garbage' },
      { cursor: encodeCursorValues([1]) },
    ]) {
      const result = searchQuerySchema.safeParse(query);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['cursor']);
    }
  });
});
