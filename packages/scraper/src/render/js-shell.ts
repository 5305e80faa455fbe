import { parseHtml } from '../extract/parse-html';

// Decides whether a fetched page needs a browser: little visible text, and scripts that would
// produce more. Parsed rather than regex-scanned: shells often inline megabytes of bundle, and
// a parser stays linear where lazy regexes over unclosed tags do not.

// HTML's JavaScript MIME types plus "module"; anything else (ld+json, templates) never runs.
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'text/ecmascript',
  'application/ecmascript',
  'text/x-javascript',
  'text/jscript',
  'text/livescript',
  'text/babel',
  'text/jsx',
]);

// Mount points of the common single-page frameworks (React, Vue, Next, Nuxt, Gatsby, Angular, Svelte, Quasar).
const APP_ROOT_SELECTOR =
  'div#root, div#app, div#__next, div#__nuxt, div#___gatsby, div#svelte, div#q-app, app-root, [ng-app], [ng-version], [data-reactroot]';

// Analytics and consent tags run on static sites too and never render the page's content.
const TRACKING_SRC_RE =
  /googletagmanager|google-analytics|googleadservices|doubleclick|cloudflareinsights|plausible\.io|usefathom|hotjar|clarity\.ms|connect\.facebook\.net|matomo|piwik|segment\.(?:com|io)|umami|cookiebot|onetrust|cookielaw|cookieyes|usercentrics/i;
const TRACKING_INLINE_RE = /\b(?:dataLayer|gtag|_paq|fbq|_gaq|_hsq|hj|clarity|plausible)\b|GoogleAnalyticsObject/;

interface Script {
  src?: string;
  code: string;
}

function isTracking(script: Script): boolean {
  return script.src !== undefined ? TRACKING_SRC_RE.test(script.src) : TRACKING_INLINE_RE.test(script.code);
}

/**
 * True when the page shows fewer than `minWords` visible words (`wordCount`, counted by the
 * extractor) and carries scripts that would render it: an app mount point, a <noscript> asking
 * for JavaScript, or any script that is not just an analytics or consent tag. A short page
 * without scripts, or with only tracking tags, is genuinely short and is not re-rendered.
 */
export function looksLikeJsShell(html: string, wordCount: number, minWords: number): boolean {
  if (wordCount >= minWords) return false;
  const $ = parseHtml(html);
  const scripts: Script[] = [];
  $('script').each((_i, el) => {
    const type = ($(el).attr('type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) return;
    const src = $(el).attr('src')?.trim();
    const code = $(el).text();
    if (src) scripts.push({ src, code });
    else if (code.trim() !== '') scripts.push({ code });
  });
  if (scripts.length === 0) return false;
  if ($(APP_ROOT_SELECTOR).length > 0) return true;
  // "enable JavaScript", "JavaScript wird benötigt", ...; noscript content is raw text to the parser.
  const plea = $('noscript')
    .toArray()
    .some((el) =>
      /javascript/i.test(
        $(el)
          .text()
          .replace(/<[^>]*>/g, ' '),
      ),
    );
  return plea || scripts.some((script) => !isTracking(script));
}
