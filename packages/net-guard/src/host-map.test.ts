import { lookupHostMap, parseHostMap } from './host-map';

describe('parseHostMap', () => {
  it('parses comma-separated pairs with whitespace', () => {
    const map = parseHostMap(' acme.com = 127.0.0.1:4101 ,  LinkedIn.com=127.0.0.1:4102,');
    expect([...map.entries()]).toEqual([
      ['acme.com', { host: '127.0.0.1', port: 4101 }],
      ['linkedin.com', { host: '127.0.0.1', port: 4102 }],
    ]);
  });

  it('returns an empty map for undefined, empty and blank values', () => {
    expect(parseHostMap(undefined).size).toBe(0);
    expect(parseHostMap('').size).toBe(0);
    expect(parseHostMap('  ').size).toBe(0);
  });

  it('accepts hostname and bracketed IPv6 targets and unicode domains', () => {
    const map = parseHostMap('a.com=fixtures.internal:80,b.com=[::1]:8080,bücher.de=127.0.0.1:1');
    expect(map.get('a.com')).toEqual({ host: 'fixtures.internal', port: 80 });
    expect(map.get('b.com')).toEqual({ host: '::1', port: 8080 });
    expect(map.get('xn--bcher-kva.de')).toEqual({ host: '127.0.0.1', port: 1 });
  });

  it.each([
    'acme.com',
    'acme.com=',
    '=127.0.0.1:80',
    'acme.com=127.0.0.1',
    'acme.com=127.0.0.1:',
    'acme.com=127.0.0.1:0',
    'acme.com=127.0.0.1:65536',
    'acme.com=127.0.0.1:80x',
    'acme.com=:80',
    'acme.com=[::1:80',
    'acme.com=::1:80',
    'http://acme.com=127.0.0.1:80',
    'acme.com:80=127.0.0.1:80',
    '*.acme.com=127.0.0.1:80',
    '127.0.0.1=127.0.0.1:80',
    '0.1=127.0.0.1:80',
    'acme.com=127.0.0.1:80,acme.com=127.0.0.1:81',
    'ok.com=127.0.0.1:80,bad entry',
  ])('rejects %j naming the setting and the entry', (value) => {
    expect(() => parseHostMap(value)).toThrow(/SCRAPER_HOST_MAP.*"/);
  });

  it('names the offending entry', () => {
    expect(() => parseHostMap('ok.com=127.0.0.1:80, nope.com=x:y')).toThrow('"nope.com=x:y"');
  });
});

describe('lookupHostMap', () => {
  const map = parseHostMap('acme.com=127.0.0.1:4101,shop.acme.com=127.0.0.1:4103,linkedin.com=127.0.0.1:4102');

  it.each([
    ['acme.com', 4101],
    ['ACME.com', 4101],
    ['www.acme.com', 4101],
    ['a.b.acme.com', 4101],
    ['acme.com.', 4101],
    ['shop.acme.com', 4103],
    ['eu.shop.acme.com', 4103],
    ['www.linkedin.com', 4102],
  ])('maps %s to port %d', (hostname, port) => {
    expect(lookupHostMap(map, hostname)).toEqual({ host: '127.0.0.1', port });
  });

  it.each(['notacme.com', 'acme.com.evil.org', 'com', 'acme.co', '127.0.0.1', '[::1]', ''])('does not map %j', (hostname) => {
    expect(lookupHostMap(map, hostname)).toBeUndefined();
  });
});
