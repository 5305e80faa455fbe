import { correctionsSql, listSql, matchSql, type SearchInput } from './search-sql';

const EVIL = "x'); DROP TABLE companies; --";
const input = (filters: SearchInput['filters']): SearchInput => ({ teamId: EVIL, terms: ['acme'], filters, limit: 20, offset: 40 });
const allFilters = { industry: EVIL, businessStage: EVIL, location: EVIL, minConfidence: 5 };

describe('search SQL', () => {
  it('sends user text only as bind parameters', () => {
    const statements = [
      matchSql(input(allFilters), 'acme:*', 'acme:*'),
      matchSql(input({}), 'acme:*', '(acme:* | acne)'),
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

  it('matches and filters on the team’s rows, reading companies for the page only', () => {
    const statements = [
      matchSql(input(allFilters), 'acme:*', 'acme:*'),
      matchSql(input({}), 'acme:*', 'acme:*'),
      listSql(input(allFilters)),
      listSql(input({})),
    ];
    for (const { text } of statements) {
      expect(text.match(/\bcompanies\b/g)).toEqual(['companies']);
      expect(text).toMatch(/JOIN companies c ON c\.domain = h\.domain/);
    }
    const filtered = matchSql(input(allFilters), 'acme:*', 'acme:*').text;
    expect(filtered).toMatch(/FROM team_companies t\s+WHERE t\.team_id = \$\d+ AND t\.search_vector @@ /);
    for (const filter of [/lower\(t\.industry\) = /, /t\.business_stage = /, /t\.location ILIKE /, /t\.confidence >= /]) {
      expect(filtered).toMatch(filter);
    }
  });

  it('tests and sorts on the words as typed only when corrections were added', () => {
    const plain = matchSql(input({}), 'acme:*', 'acme:*').text;
    expect(plain).toMatch(/true AS typed/);
    expect(plain).toMatch(/ORDER BY rank DESC, domain LIMIT/);
    expect(plain).not.toMatch(/typed DESC/);
    const corrected = matchSql(input({}), 'acmi:*', '(acmi:* | acme)');
    expect(corrected.text).toMatch(/t\.search_vector @@ to_tsquery\('simple', \$\d+\) AS typed/);
    expect(corrected.text).toMatch(/ORDER BY typed DESC, rank DESC, domain LIMIT/);
    expect(corrected.text).toMatch(/ORDER BY p\.typed DESC, p\.rank DESC, p\.domain/);
    expect(corrected.values).toEqual(expect.arrayContaining(['acmi:*', '(acmi:* | acme)']));
  });
});
