// Scraped values (social profiles, logo and page URLs) are untrusted text. A value becomes a
// clickable link only when it parses as an absolute http(s) URL: `javascript:`, `data:` and
// the like stay plain text, whatever their case or surrounding whitespace.

const SAFE_PROTOCOLS = new Set(['http:', 'https:']);

/** The normalised href of `value` when it is an absolute http(s) URL, else null. */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  // URL() strips tabs and newlines inside a scheme ("java\tscript:"); refuse any control character.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (text === '' || /[\u0000-\u001f\u007f]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!SAFE_PROTOCOLS.has(url.protocol) || url.hostname === '') return null;
  return url.href;
}

export const isSafeHref = (value: unknown): boolean => safeHref(value) !== null;
