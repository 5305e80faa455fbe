import { parseHtml } from '../extract/parse-html';
import { pickFactPages } from './fact-pages';

const HOME = 'https://www.acme.com/';
const page = (links: string) => `<html><body><nav>${links}</nav></body></html>`;
const pick = (links: string, max = 10) => pickFactPages(parseHtml(page(links)), HOME, 'acme.com', max).map((c) => [c.kind, c.url]);

describe('pickFactPages', () => {
  it('finds fact pages by path and orders them by usefulness', () => {
    expect(
      pick(`<a href="/pricing">P</a><a href="/careers">C</a><a href="/team">T</a><a href="/impressum">I</a>
            <a href="/contact-us">Say hi</a><a href="/company">Co</a><a href="/about-us">A</a><a href="/blog">B</a>`),
    ).toEqual([
      ['about', 'https://www.acme.com/about-us'],
      ['company', 'https://www.acme.com/company'],
      ['contact', 'https://www.acme.com/contact-us'],
      ['imprint', 'https://www.acme.com/impressum'],
      ['team', 'https://www.acme.com/team'],
      ['careers', 'https://www.acme.com/careers'],
      ['pricing', 'https://www.acme.com/pricing'],
    ]);
  });

  it('finds pages by anchor text when the path says nothing', () => {
    expect(pick('<a href="/p/123">About us</a><a href="/x?id=7">Get in touch</a><a href="/y">Jobs at Acme</a>')).toEqual([
      ['about', 'https://www.acme.com/p/123'],
      ['contact', 'https://www.acme.com/x?id=7'],
      ['careers', 'https://www.acme.com/y'],
    ]);
  });

  it('understands common non-English pages', () => {
    expect(pick('<a href="/de/über-uns">x</a><a href="/kontakt">x</a><a href="/impressum.html">x</a>').map((c) => c[0])).toEqual([
      'about',
      'contact',
      'imprint',
    ]);
    expect(pick('<a href="/fr/a-propos">x</a>')[0]?.[0]).toBe('about');
    expect(pick('<a href="/it/chi-siamo">x</a>')[0]?.[0]).toBe('about');
    expect(pick('<a href="/es/empresa">x</a><a href="/es/contacto">x</a>').map((c) => c[0])).toEqual(['company', 'contact']);
  });

  it('ignores off-site, share, mailto and file links', () => {
    expect(
      pick(`<a href="https://other.com/about">About</a><a href="https://acme.com.evil.net/about">About</a>
            <a href="https://www.facebook.com/sharer/sharer.php?u=https://www.acme.com/about">Share</a>
            <a href="/share?url=https://www.acme.com/about">About</a><a href="mailto:hi@acme.com">Contact</a>
            <a href="javascript:void(0)">Contact</a><a href="/about.pdf">About</a>`),
    ).toEqual([]);
  });

  it('keeps same-site links on the bare domain and subdomains', () => {
    expect(pick('<a href="https://acme.com/about">x</a><a href="https://jobs.acme.com/careers">x</a>')).toEqual([
      ['about', 'https://acme.com/about'],
      ['careers', 'https://jobs.acme.com/careers'],
    ]);
  });

  it('dedupes by normalised URL and keeps one page per kind', () => {
    const picked = pick(`<a href="/about#team">About</a><a href="/about?utm_source=x">About us</a>
      <a href="https://www.acme.com/about">About</a><a href="/company/about">About</a>`);
    expect(picked).toEqual([['about', 'https://www.acme.com/about']]);
  });

  it('skips the homepage itself and honours the maximum', () => {
    expect(pick('<a href="/">About</a><a href="/#about">About</a>')).toEqual([]);
    expect(pick('<a href="/about">x</a><a href="/contact">x</a><a href="/team">x</a>', 2)).toHaveLength(2);
  });

  it('does not take privacy or terms pages under /legal for the imprint', () => {
    expect(pick('<a href="/legal/privacy">Privacy</a><a href="/legal/terms">Terms</a>')).toEqual([]);
  });
});
