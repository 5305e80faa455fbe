import { parseHtml } from '../extract/parse-html';
import { extractText } from '../extract/text';
import { looksLikeJsShell } from './js-shell';

const MIN = 50;
const words = (html: string): number => extractText(parseHtml(html)).wordCount;
const shell = (html: string): boolean => looksLikeJsShell(html, words(html), MIN);
const page = (head: string, body: string): string =>
  `<!doctype html><html><head><title>Acme</title>${head}</head><body>${body}</body></html>`;
const prose = (n: number): string => `<p>${Array.from({ length: n }, (_, i) => `word${i}`).join(' ')}</p>`;

describe('looksLikeJsShell', () => {
  it.each([
    [
      'create-react-app',
      page(
        '<script defer src="/static/js/main.3f2a.js"></script>',
        '<noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div>',
      ),
    ],
    [
      'Next.js',
      page(
        '',
        '<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{"props":{}}</script><script src="/_next/static/chunks/main.js" async></script>',
      ),
    ],
    ['Vue / Vite', page('<script type="module" crossorigin src="/assets/index-4f1b.js"></script>', "<div id='app'></div>")],
    ['Nuxt', page('', '<div id="__nuxt"><div class="loader">Loading…</div></div><script>window.__NUXT__={}</script>')],
    ['Angular', page('<script src="main.js" type="module"></script>', '<app-root></app-root>')],
    ['a bundle with its own mount point', page('', '<div class="container" id="page"></div><script src="/bundle.min.js"></script>')],
    [
      'a loader and inline rendering code',
      page('', '<div id="mount">Loading</div><script>fetch("/api").then(r=>r.json()).then(render)</script>'),
    ],
    [
      'a German noscript plea',
      page('<script src="/app.js"></script>', '<noscript>Bitte aktivieren Sie JavaScript.</noscript><div id="x"></div>'),
    ],
  ])('%s is a shell', (_name, html) => {
    expect(shell(html)).toBe(true);
  });

  it.each([
    ['a short static page', page('', '<h1>Acme Plumbing</h1><p>Call us on 555-0100. We fix pipes in Springfield.</p>')],
    [
      'a short page with only structured data',
      page('<script type="application/ld+json">{"@type":"Organization","name":"Acme"}</script>', '<h1>Acme</h1>'),
    ],
    [
      'a short page with only analytics',
      page(
        '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());</script>',
        '<h1>Acme</h1><p>Coming soon.</p><script defer src="https://static.cloudflareinsights.com/beacon.min.js"></script>',
      ),
    ],
    ['a short page whose scripts are commented out', page('', '<div id="root"></div><!-- <script src="/app.js"></script> -->')],
    ['a short page with a template block', page('', '<h1>Acme</h1><script type="text/template"><div id="app"></div></script>')],
    ['a page with enough text, scripts or not', page('<script src="/app.js"></script>', `<div id="root">${prose(80)}</div>`)],
  ])('%s is not a shell', (_name, html) => {
    expect(shell(html)).toBe(false);
  });

  it('compares the word count against minWords', () => {
    const html = page('<script src="/app.js"></script>', `<div id="app">${prose(20)}</div>`);
    expect(looksLikeJsShell(html, 20, 21)).toBe(true);
    expect(looksLikeJsShell(html, 20, 20)).toBe(false);
    expect(looksLikeJsShell(html, 0, 0)).toBe(false);
  });

  it('reads attributes in any quoting and case', () => {
    expect(looksLikeJsShell("<SCRIPT TYPE='MODULE' SRC=/a.js></SCRIPT>", 0, MIN)).toBe(true);
    expect(looksLikeJsShell('<script type="text/javascript; charset=utf-8" src="/a.js"></script>', 0, MIN)).toBe(true);
    expect(looksLikeJsShell('<script type=application/json>{"a":1}</script><div id=root></div>', 0, MIN)).toBe(false);
  });
});

describe('looksLikeJsShell on hostile markup', () => {
  it('stays fast on thousands of unclosed tags', () => {
    const html = '<script <!-- <noscript <div '.repeat(30_000);
    const started = Date.now();
    looksLikeJsShell(html, 0, MIN);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
