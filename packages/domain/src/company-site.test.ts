import { domainLabel, hostOf, isCompanySite, isPublicDomain, parseWebUrl, registrableDomain, withoutWww } from './company-site';
import { normalizeDomain } from './normalize-domain';

describe('parseWebUrl', () => {
  it.each([
    ['https://acme.com/about', 'https://acme.com/about'],
    ['www.acme.com/en', 'https://www.acme.com/en'],
    ['//acme.com/x', 'https://acme.com/x'],
    ['acme.com:8080', 'https://acme.com:8080/'],
    ['  http://Acme.COM  ', 'http://acme.com/'],
    ['http:acme.com', 'http://acme.com/'],
  ])('%s → %s', (input, expected) => {
    expect(parseWebUrl(input)?.href).toBe(expected);
  });

  it.each(['', '   ', '/about', '?x=1', '#top', 'mailto:hello@acme.com', 'javascript:alert(1)', 'ftp://acme.com', 'not a url'])(
    '%j → null',
    (input) => {
      expect(parseWebUrl(input)).toBeNull();
    },
  );
});

describe('hostOf', () => {
  it.each([
    ['https://WWW.Acme.com./about?x=1', 'www.acme.com'],
    ['acme.co.uk', 'acme.co.uk'],
    ['Bücher.de', 'xn--bcher-kva.de'],
    ['http://127.0.0.1:4101/', '127.0.0.1'],
    ['mailto:x@acme.com', null],
    ['', null],
  ])('%s → %s', (input, expected) => {
    expect(hostOf(input)).toBe(expected);
  });

  it('takes URL objects', () => {
    expect(hostOf(new URL('https://Blog.Acme.com/'))).toBe('blog.acme.com');
  });

  it('withoutWww drops only a leading www.', () => {
    expect(withoutWww('www.acme.com')).toBe('acme.com');
    expect(withoutWww('www2.acme.com')).toBe('www2.acme.com');
    expect(withoutWww('acme.www.com')).toBe('acme.www.com');
  });
});

describe('registrableDomain', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['https://www.acme.com/about', 'acme.com'],
    ['shop.acme.co.uk', 'acme.co.uk'],
    // Private suffixes count: each tenant of a shared host is its own registrable domain.
    ['acme.github.io', 'acme.github.io'],
    ['https://docs.acme.github.io/x', 'acme.github.io'],
    ['x.github.io', 'x.github.io'],
    ['foo.blogspot.com', 'foo.blogspot.com'],
    // A name under a suffix the list does not know follows its default rule.
    ['www.basic.test', 'basic.test'],
    ['github.io', null],
    ['co.uk', null],
    ['localhost', null],
    ['127.0.0.1', null],
    ['http://[::1]/', null],
    ['', null],
  ])('%s → %j', (input, expected) => {
    expect(registrableDomain(input)).toBe(expected);
  });
});

describe('isPublicDomain', () => {
  it.each([
    ['acme.com', true],
    ['blog.acme.co.uk', true],
    ['acme.github.io', true],
    ['github.io', true],
    ['co.uk', false],
    ['acme.test', false],
    ['intranet.local', false],
    ['localhost', false],
    ['127.0.0.1', false],
  ])('%s → %s', (input, expected) => {
    expect(isPublicDomain(input)).toBe(expected);
  });

  it('agrees with normalizeDomain: private-suffix sites stay acceptable submissions', () => {
    for (const domain of ['acme.github.io', 'github.io', 'foo.blogspot.com', 'acme.co.uk']) {
      expect(normalizeDomain(domain)).toEqual({ ok: true, domain });
      expect(isPublicDomain(domain)).toBe(true);
    }
    expect(normalizeDomain('www.acme.github.io')).toEqual({ ok: true, domain: 'acme.github.io' });
  });
});

describe('domainLabel', () => {
  it.each([
    ['acme.com', 'acme'],
    ['www.acme.co.uk', 'acme'],
    ['blog.acme.com', 'acme'],
    ['acme.github.io', 'acme'],
    ['github.io', 'github'],
    ['https://www.acme.com/about', 'acme'],
    ['basic.test', 'basic'],
    ['localhost', 'localhost'],
  ])('%s → %s', (input, expected) => {
    expect(domainLabel(input)).toBe(expected);
  });
});

describe('isCompanySite', () => {
  it('accepts the domain, www. and any subdomain, over any scheme or path', () => {
    expect(isCompanySite('https://acme.com/about', 'acme.com')).toBe(true);
    expect(isCompanySite('http://www.acme.com', 'acme.com')).toBe(true);
    expect(isCompanySite('https://blog.acme.com/x', 'www.acme.com')).toBe(true);
    expect(isCompanySite('shop.acme.co.uk', 'acme.co.uk')).toBe(true);
    expect(isCompanySite('https://ACME.com./', 'acme.com')).toBe(true);
    expect(isCompanySite(new URL('https://app.acme.com/'), 'acme.com')).toBe(true);
  });

  it('keeps tenants of a shared host apart: x.github.io is not acme.github.io', () => {
    expect(isCompanySite('https://x.github.io/', 'acme.github.io')).toBe(false);
    expect(isCompanySite('https://docs.acme.github.io/', 'acme.github.io')).toBe(true);
    expect(isCompanySite('https://www.acme.github.io/', 'acme.github.io')).toBe(true);
    expect(isCompanySite('https://acme.github.io/', 'github.io')).toBe(false);
    expect(isCompanySite('https://github.io/', 'github.io')).toBe(true);
    expect(isCompanySite('other.blogspot.com', 'acme.blogspot.com')).toBe(false);
  });

  it('rejects other domains and other suffixes', () => {
    expect(isCompanySite('https://acme.co.uk', 'acme.com')).toBe(false);
    expect(isCompanySite('https://acme-fans.com', 'acme.com')).toBe(false);
    expect(isCompanySite('https://acme.com.evil.example', 'acme.com')).toBe(false);
    expect(isCompanySite('mailto:x@acme.com', 'acme.com')).toBe(false);
    expect(isCompanySite('', 'acme.com')).toBe(false);
  });

  it('compares hosts without a registrable domain as they are', () => {
    expect(isCompanySite('http://127.0.0.1:4101/about', '127.0.0.1')).toBe(true);
    expect(isCompanySite('http://127.0.0.2/', '127.0.0.1')).toBe(false);
    expect(isCompanySite('http://localhost/', 'localhost')).toBe(true);
  });
});
