import { normalizeDomain } from './normalize-domain';

const ok = (input: string) => {
  const result = normalizeDomain(input);
  if (!result.ok) throw new Error(`${input}: ${result.reason}`);
  return result.domain;
};
const reason = (input: string) => {
  const result = normalizeDomain(input);
  return result.ok ? `accepted as ${result.domain}` : result.reason;
};

describe('normalizeDomain', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['  ACME.com  ', 'acme.com'],
    ['www.acme.com', 'acme.com'],
    ['acme.com.', 'acme.com'],
    ['https://www.acme.com/about?x=1#team', 'acme.com'],
    ['http://acme.com:80/', 'acme.com'],
    ['https://acme.com:443', 'acme.com'],
    ['acme.com/path/only', 'acme.com'],
    ['blog.acme.co.uk', 'blog.acme.co.uk'],
    ['Bücher.de', 'xn--bcher-kva.de'],
    ['https://münchen.de/', 'xn--mnchen-3ya.de'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['例え.jp', 'xn--r8jz45g.jp'],
  ])('accepts %s as %s', (input, expected) => {
    expect(ok(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['a'.repeat(10_000), 'too_long'],
    [`${'a'.repeat(64)}.com`, 'label_invalid'],
    [`${'abc.'.repeat(70)}com`, 'too_long'],
    ['localhost', 'no_public_suffix'],
    ['localhost.localdomain', 'reserved'],
    ['acme.local', 'reserved'],
    ['acme.test', 'reserved'],
    ['127.0.0.1', 'ip_address'],
    ['http://2130706433/', 'ip_address'],
    ['0x7f.0.0.1', 'ip_address'],
    ['[::1]', 'ip_address'],
    ['http://[2001:db8::1]/', 'ip_address'],
    ['acme.com:8080', 'port'],
    ['https://user:pw@acme.com', 'credentials'],
    ['ftp://acme.com', 'unsupported_scheme'],
    ['javascript:alert(1)', 'malformed'],
    ['acme', 'no_public_suffix'],
    ['co.uk', 'no_public_suffix'],
    ['acme.notarealtld', 'no_public_suffix'],
    ['ac me.com', 'malformed'],
    ['-acme.com', 'label_invalid'],
    ['acme_corp.com', 'label_invalid'],
    ['acme..com', 'label_invalid'],
    ['http://', 'malformed'],
    ['💩', 'no_public_suffix'],
    ['ac\u0000me.com', 'invalid_characters'],
    ['acme.com\u0000', 'invalid_characters'],
    ['https://acme.com/\u0000', 'invalid_characters'],
    ['ac\tme.com', 'invalid_characters'],
    ['acme.com\u007f', 'invalid_characters'],
    ['\udfff', 'invalid_characters'],
    ['acme\ud800.com', 'invalid_characters'],
  ])('refuses %s (%s)', (input, expected) => {
    expect(reason(input)).toBe(expected);
  });
});
