import { correctionsSql, listSql, matchSql, type SearchInput } from './search-sql';

const EVIL = "x'); DROP TABLE companies; --";
const input = (filters: SearchInput['filters']): SearchInput => ({ teamId: EVIL, terms: ['acme'], filters, limit: 20, offset: 40 });
const allFilters = { industry: EVIL, businessStage: EVIL, location: EVIL, minConfidence: 5 };

describe('search SQL', () => {
  it('sends user text only as bind parameters', () => {
    const statements = [
      matchSql(input(allFilters), 'acme:*', 'acme:*'),
      matchSql(input({}), 'acme:*', 'acme:*'),
      listSql(input(allFilters)),
      listSql(input({})),
      correctionsSql([EVIL]),
    ];
    for (const sql of statements) {
      expect(sql.text).not.toContain('DROP');
      expect(JSON.stringify(sql.values)).toContain('DROP');
    }
  });

  it('takes % and _ in a location filter literally', () => {
    expect(listSql(input({ location: '100%_\\' })).values).toContain('%100\\%\\_\\\\%');
  });

  it('reads companies rows only for the page when no filter needs them', () => {
    expect(listSql(input({})).text).not.toMatch(/JOIN companies c ON c\.domain = tc\.domain/);
    expect(listSql(input({ industry: 'software' })).text).toMatch(/JOIN companies c ON c\.domain = tc\.domain/);
  });
});
