import { isPublicDomain, withoutWww } from './company-site';

// Why a submitted value is not a company domain; programs can branch on these.
export type DomainRejection =
  | 'empty'
  | 'too_long'
  | 'malformed'
  | 'unsupported_scheme'
  | 'credentials'
  | 'port'
  | 'ip_address'
  | 'reserved'
  | 'label_invalid'
  | 'no_public_suffix'
  | 'invalid_characters';

export type NormalizeResult = { ok: true; domain: string } | { ok: false; reason: DomainRejection; message: string };

const MAX_INPUT = 2048;
const MAX_HOSTNAME = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const RESERVED = new Set(['localhost', 'local', 'localdomain', 'internal', 'home.arpa', 'example', 'invalid', 'test', 'onion']);

// No domain or URL holds a control character (U+0000 included) or a lone UTF-16 surrogate;
// the URL parser would drop some of them silently (tab, line breaks) and PostgreSQL cannot
// store others, so they are refused before anything reads the value.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const INVALID_CHARACTER = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const reject = (reason: DomainRejection, message: string): NormalizeResult => ({ ok: false, reason, message });

/**
 * Turns what a client sent (a bare domain, or a URL as a documented client example sends)
 * into the normalised domain we key companies by: lower case, punycode for IDN, no scheme,
 * path, `www.` or trailing dot. Anything that is not a registrable public domain is refused.
 */
export function normalizeDomain(input: string): NormalizeResult {
  const raw = input.trim();
  if (raw.length === 0) return reject('empty', 'domain is empty');
  if (raw.length > MAX_INPUT) return reject('too_long', `domain is longer than ${MAX_INPUT} characters`);
  if (INVALID_CHARACTER.test(raw)) return reject('invalid_characters', 'a domain holds no control characters or lone surrogates');

  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
  let url: URL;
  try {
    url = new URL(hasScheme ? raw : `http://${raw}`);
  } catch {
    return reject('malformed', 'not a domain name or URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return reject('unsupported_scheme', 'only http and https URLs are accepted');
  }
  if (url.username || url.password) return reject('credentials', 'URLs with credentials are not accepted');
  // URL drops the port when it is the scheme's default, so any port left is a real one.
  if (url.port) return reject('port', 'a company domain has no port');

  let hostname = url.hostname.replace(/\.$/, '');
  if (hostname.startsWith('[') || /^\d+(\.\d+){3}$/.test(hostname)) {
    return reject('ip_address', 'IP addresses are not company domains');
  }
  hostname = withoutWww(hostname);
  if (hostname.length > MAX_HOSTNAME) return reject('too_long', `hostname is longer than ${MAX_HOSTNAME} characters`);

  const labels = hostname.split('.');
  if (labels.length < 2) return reject('no_public_suffix', 'a domain needs a name and a public suffix, as in acme.com');
  if (!labels.every((label) => LABEL.test(label))) {
    return reject('label_invalid', 'each part of a domain is 1-63 letters, digits or inner hyphens');
  }
  const last = labels.slice(-2).join('.');
  if (RESERVED.has(labels[labels.length - 1]!) || RESERVED.has(last)) {
    return reject('reserved', 'reserved names are not public domains');
  }

  // A private suffix such as github.io is still a registrable ICANN name, so acme.github.io and
  // github.io are accepted; company-site keeps acme.github.io and x.github.io apart.
  if (!isPublicDomain(hostname)) return reject('no_public_suffix', 'not a registrable domain under a public suffix');
  return { ok: true, domain: hostname };
}
