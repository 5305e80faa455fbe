import { isSafeHref, safeHref } from './safe-link';

describe('safeHref', () => {
  it.each([
    ['https://acme.com/', 'https://acme.com/'],
    ['http://acme.com/about?x=1#y', 'http://acme.com/about?x=1#y'],
    ['  HTTPS://Acme.com/Team  ', 'https://acme.com/Team'],
    ['https://www.linkedin.com/company/acme', 'https://www.linkedin.com/company/acme'],
  ])('keeps the http(s) URL %s', (value, href) => {
    expect(safeHref(value)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://acme.com/',
    'mailto:hi@acme.com',
    '//acme.com/path',
    '/relative/path',
    'acme.com',
    'https://',
    '',
    '   ',
    'llm:claude-sonnet-5-5',
  ])('refuses %j', (value) => {
    expect(safeHref(value)).toBeNull();
    expect(isSafeHref(value)).toBe(false);
  });

  it('refuses values that are not strings', () => {
    for (const value of [null, undefined, 42, {}, ['https://acme.com']]) expect(safeHref(value)).toBeNull();
  });
});
