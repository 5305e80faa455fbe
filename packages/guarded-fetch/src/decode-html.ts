const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Lower-cased media type without parameters, or null when the header is absent/empty. */
export function mimeEssence(contentType: string | null): string | null {
  const essence = contentType?.split(';')[0]?.trim().toLowerCase();
  return essence ? essence : null;
}

/** A missing Content-Type is accepted: plenty of small sites omit it and serve HTML anyway. */
export function isHtmlContentType(contentType: string | null): boolean {
  const essence = mimeEssence(contentType);
  return essence === null || HTML_TYPES.has(essence);
}

function headerCharset(contentType: string | null): string | undefined {
  return contentType?.match(/;\s*charset\s*=\s*["']?([^"';\s]+)/i)?.[1];
}

// Covers both <meta charset="x"> and <meta http-equiv="Content-Type" content="text/html; charset=x">.
const META_CHARSET_RE = /<meta\b[^>]*?charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i;

function metaCharset(body: Buffer, bytes: number): string | undefined {
  // latin1 maps bytes 1:1, so any ASCII-compatible page's <meta> reads the same.
  return body.subarray(0, bytes).toString('latin1').match(META_CHARSET_RE)?.[1];
}

// The HTML spec's prescan looks at the first 1024 bytes; a <meta> further down (after a long
// comment or inline style in <head>) makes the parser change the encoding when it meets it.
const PRESCAN_BYTES = 1024;
const HEAD_BYTES = 64 * 1024;

/** The body as UTF-8, or null when its bytes are not UTF-8. */
function asUtf8(body: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return null;
  }
}

/** Canonical WHATWG encoding name for a label, or undefined when TextDecoder does not know it. */
function encodingFor(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

// windows-1252 code points for bytes 0x80-0x9F (WHATWG index). Node 20.18.3+ decodes this
// encoding as ISO-8859-1, turning € and curly quotes into C1 controls (nodejs/node#60888).
const CP1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(body: Buffer): string {
  return body
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => String.fromCharCode(CP1252_C1[c.charCodeAt(0) - 0x80] ?? c.charCodeAt(0)));
}

/**
 * Decodes an HTML body: a UTF-8 BOM wins, then the Content-Type charset, then a <meta> charset
 * in the first 1024 bytes, else UTF-8 when the bytes are UTF-8; when they are not, a <meta>
 * charset further down, else windows-1252, as browsers fall back to. Labels such as latin1 / iso-8859-1 / us-ascii all mean windows-1252 to browsers,
 * and TextDecoder applies the same mapping, so we decode exactly as a browser would.
 */
export function decodeHtml(body: Buffer, contentType: string | null): string {
  const hasUtf8Bom = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
  let encoding = hasUtf8Bom ? 'utf-8' : encodingFor(headerCharset(contentType));
  if (!encoding) {
    encoding = encodingFor(metaCharset(body, PRESCAN_BYTES));
    if (!encoding) {
      const text = asUtf8(body);
      if (text !== null) return text;
      encoding = encodingFor(metaCharset(body, HEAD_BYTES)) ?? 'windows-1252';
    }
    // A <meta> can only be read because the bytes are ASCII-compatible, so it cannot mean UTF-16.
    if (encoding?.startsWith('utf-16')) encoding = 'utf-8';
  }
  if (encoding === 'windows-1252') return decodeWindows1252(body);
  return new TextDecoder(encoding ?? 'utf-8').decode(body);
}
