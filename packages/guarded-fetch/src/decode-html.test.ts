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

  it('meets a <meta> charset past the first 1024 bytes, as the parser does, when the bytes are not UTF-8', () => {
    const head = `<head><style>${' '.repeat(2000)}</style><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2">`;
    expect(decodeHtml(Buffer.concat([Buffer.from(head), Buffer.from([0xb1])]), null)).toBe(`${head}ą`);
    // UTF-8 bytes stay UTF-8 whatever a late <meta> says; bytes that are neither read as windows-1252.
    expect(decodeHtml(Buffer.from(`${head}ą`), null)).toBe(`${head}ą`);
    expect(decodeHtml(Buffer.from([0x3c, 0x70, 0x3e, 0xa9, 0x20, 0x41, 0x63, 0x6d, 0x65]), 'text/html')).toBe('<p>© Acme');
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
