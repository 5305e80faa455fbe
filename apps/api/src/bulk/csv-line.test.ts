import { parse } from 'csv-parse/sync';
import { csvCell, csvLine } from './csv-line';

describe('csv lines', () => {
  it('quotes only what needs it and doubles quotes', () => {
    expect(csvLine(['acme.com', 'Acme, Inc.', 'say "hi"', 'two\nlines', ''])).toBe('acme.com,"Acme, Inc.","say ""hi""","two\nlines",\r\n');
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('makes %j safe in a spreadsheet', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('leaves ordinary values alone and reads back as written', () => {
    const cells = ['acme.com', '51-200', 'a=b', 'x@y.com', '2019', 'Ünïcødé'];
    expect(csvLine(cells)).toBe(`${cells.join(',')}\r\n`);
    const tricky = ['=1', 'a,"b"', 'line\r\nbreak', ' spaced '];
    expect(parse(csvLine(tricky))).toEqual([["'=1", 'a,"b"', 'line\r\nbreak', ' spaced ']]);
  });
});
