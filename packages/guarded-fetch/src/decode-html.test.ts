import { decodeHtml, isHtmlContentType } from './decode-html';

describe('decodeHtml', () => {
  it('decodes windows-1252 C1 bytes the way browsers do', () => {
    const body = Buffer.from([0x80, 0x92, 0x93, 0x94, 0x9f, 0x81, 0xe9, 0x41]);
    expect(decodeHtml(body, 'text/html; charset=windows-1252')).toBe('\u20ac\u2019\u201c\u201d\u0178\u0081éA');
    expect(decodeHtml(body, 'text/html; charset="latin1"')).toBe('\u20ac\u2019\u201c\u201d\u0178\u0081éA');
  });

  it('lets the header charset win over <meta>, and a UTF-8 BOM win over both', () => {
    const latin = Buffer.from('<meta charset="utf-8">é', 'latin1');
    expect(decodeHtml(latin, 'text/html; charset=iso-8859-1')).toBe('<meta charset="utf-8">é');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('é')]);
    expect(decodeHtml(bom, 'text/html; charset=iso-8859-1')).toBe('é');
  });

  it('reads <meta http-equiv> charsets and ignores unknown labels', () => {
    const page = Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">é', 'latin1');
    expect(decodeHtml(page, null)).toMatch(/é$/);
    expect(decodeHtml(Buffer.from('é'), 'text/html; charset=bogus')).toBe('é');
    expect(decodeHtml(Buffer.from('<meta charset="utf-16">é'), 'text/html')).toBe('<meta charset="utf-16">é');
  });

  it('decodes other charsets TextDecoder knows', () => {
    expect(decodeHtml(Buffer.from([0x82, 0xa0]), 'text/html; charset=Shift_JIS')).toBe('あ');
  });
});

describe('isHtmlContentType', () => {
  it.each([
    [null, true],
    ['', true],
    ['text/html', true],
    ['TEXT/HTML; charset=utf-8', true],
    ['application/xhtml+xml', true],
    ['text/plain', false],
    ['application/json', false],
    ['image/png', false],
    ['text/htmlx', false],
  ])('%j → %s', (contentType, expected) => {
    expect(isHtmlContentType(contentType)).toBe(expected);
  });
});
