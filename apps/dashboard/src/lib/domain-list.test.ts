import { describeFile, looksLikeCsv, parsePastedList } from './domain-list';

describe('parsePastedList', () => {
  it('splits on lines, commas, semicolons and spaces, dropping blanks', () => {
    expect(parsePastedList('acme.com\nglobex.io, initech.com;  https://www.hooli.com/about\r\n\n\t umbrella.com ')).toEqual([
      'acme.com',
      'globex.io',
      'initech.com',
      'https://www.hooli.com/about',
      'umbrella.com',
    ]);
  });

  it('keeps duplicates and invalid entries for the API to report', () => {
    expect(parsePastedList('acme.com\nacme.com\nlocalhost')).toEqual(['acme.com', 'acme.com', 'localhost']);
  });

  it('gives nothing for empty text', () => {
    expect(parsePastedList('  \n , ; ')).toEqual([]);
  });
});

describe('files', () => {
  it('recognises CSV files by name or type', () => {
    expect(looksLikeCsv({ name: 'companies.CSV', type: '' })).toBe(true);
    expect(looksLikeCsv({ name: 'upload', type: 'text/csv' })).toBe(true);
    expect(looksLikeCsv({ name: 'photo.png', type: 'image/png' })).toBe(false);
  });

  it('describes a file with its size', () => {
    expect(describeFile({ name: 'a.csv', size: 512 })).toBe('a.csv (512 B)');
    expect(describeFile({ name: 'a.csv', size: 2048 })).toBe('a.csv (2.0 KB)');
    expect(describeFile({ name: 'a.csv', size: 3 * 1024 * 1024 })).toBe('a.csv (3.0 MB)');
  });
});
