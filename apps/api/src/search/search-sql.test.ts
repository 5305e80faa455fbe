import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expandVariants } from '@enrich/db';
import { filterParams } from './search-sql';

// The statements as pgtyped reads search-reads.sql (its variants written out), by name (pgtyped binds every :param).
const statements = new Map(
  expandVariants(readFileSync(path.join(__dirname, 'search-reads.sql'), 'utf8'))
    .split(/\/\* @name (\w+) \*\//)
    .slice(1)
    .flatMap((part, i, parts) => (i % 2 === 0 ? [[part, parts[i + 1]!.split(';')[0]!] as const] : [])),
);
const statement = (name: string) => statements.get(name) ?? '';
const pages = [
  'MatchCompanies',
  'MatchCorrectedCompanies',
  'ListCompanies',
  'ListFilteredCompanies',
  'WalkCompanies',
  'WalkMatches',
  'SortMatches',
];

describe('search SQL', () => {
  it('has the statements runSearch runs', () => {
    expect([...statements.keys()].sort()).toEqual([...pages, 'SearchCorrections', 'EstimateMatches'].sort());
  });

  it('walks a broad search in listing order, testing the words row by row, never reading every match first', () => {
    for (const name of ['WalkCompanies', 'WalkMatches', 'SortMatches']) {
      expect(statement(name)).toMatch(/ORDER BY w\.enriched_at DESC, w\.domain\s+LIMIT :limit! OFFSET :offset!/);
      expect(statement(name)).not.toMatch(/count\(/);
    }
    expect(statement('WalkMatches')).toMatch(/JOIN LATERAL \([^)]*m\.domain = w\.domain[^)]*\)\s+OFFSET 0\s+\) hit ON true/);
  });

  it('starts a page from a cursor at its key: the listing walks begin there in the index, ranked pages after the rank', () => {
    const walkFromKey =
      /\(:afterAt::timestamp IS NULL OR \((\w\.)?enriched_at <= :afterAt::timestamp AND \(\1?enriched_at < :afterAt::timestamp OR \1?domain > :afterDomain::text\)\)\)/;
    for (const name of ['ListCompanies', 'WalkCompanies', 'WalkMatches', 'SortMatches']) expect(statement(name)).toMatch(walkFromKey);
    expect(statement('ListFilteredCompanies')).toMatch(/FROM hits\s+WHERE :afterAt::timestamp IS NULL OR enriched_at < :afterAt/);
    expect(statement('MatchCompanies')).toMatch(
      /\(-rank, domain\) > \(-:afterRank::real, :afterDomain::text\)\)\s+ORDER BY rank DESC, domain/,
    );
    expect(statement('MatchCorrectedCompanies')).toMatch(
      /\(NOT typed, -rank, domain\) > \(NOT :afterTyped::boolean, -:afterRank::real, :afterDomain::text\)\)\s+ORDER BY typed DESC, rank DESC, domain/,
    );
  });

  it('takes % and _ in a location filter literally, and leaves absent filters null', () => {
    expect(filterParams({ location: '100%_\\' }).locationPattern).toBe('%100\\%\\_\\\\%');
    expect(filterParams({})).toEqual({ industry: null, businessStage: null, locationPattern: null, minConfidence: null });
  });

  it('matches and filters on the team’s rows, reading companies for the page only', () => {
    for (const name of pages) {
      const text = statement(name);
      expect(text).not.toMatch(/\bcompanies\b(?! c ON)/);
      expect(text.match(/\bcompany_records\b/g)).toEqual(['company_records']);
      expect(text).toMatch(/JOIN company_records c ON c\.c_domain = h\.domain/);
    }
    for (const name of ['MatchCompanies', 'MatchCorrectedCompanies']) {
      const text = statement(name);
      expect(text).toMatch(/FROM team_companies t\s+WHERE t\.team_id = :teamId! AND t\.search_vector @@ /);
      for (const filter of [/lower\(t\.industry\) = /, /t\.business_stage = /, /t\.location ILIKE /, /t\.confidence >= /]) {
        expect(text).toMatch(filter);
      }
    }
  });

  it('tests and sorts on the words as typed only when corrections were added', () => {
    const plain = statement('MatchCompanies');
    expect(plain).not.toMatch(/typed/);
    expect(plain).toMatch(/ORDER BY rank DESC, domain LIMIT/);
    const corrected = statement('MatchCorrectedCompanies');
    expect(corrected).toMatch(/t\.search_vector @@ to_tsquery\('simple', :typed!\) AS typed/);
    expect(corrected).toMatch(/ORDER BY typed DESC, rank DESC, domain LIMIT/);
    expect(corrected).toMatch(/ORDER BY p\.typed DESC, p\.rank DESC, p\.c_domain/);
  });
});
