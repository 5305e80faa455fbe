// What PostgreSQL (and Prisma on the way to it) cannot store as sent, and the one way user
// text and user JSON are made storable. U+0000 is refused in `text` (22021) and in `jsonb`
// (22P05); a lone UTF-16 surrogate is invalid JSON to `jsonb` (and silently becomes U+FFFD in
// `text`). Both come from clients easily: `"\u0000"` and `"\udfff"` are valid JSON escapes.

// Code units, not code points (no `u` flag): a surrogate is lone when no partner is beside it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching U+0000 is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** False when the text holds U+0000 or a lone surrogate, which PostgreSQL cannot store. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The text with each U+0000 and lone surrogate replaced by U+FFFD (the replacement character). */
export function storableText(text: string): string {
  return UNSTORABLE.test(text) ? text.replace(UNSTORABLE_ALL, '\ufffd') : text;
}

/** A JSON scalar: what storableJson() keeps of any value. */
export type StorableJson = string | number | boolean | null;

/** Longest JSON text kept for an array or an object. */
export const MAX_STORED_TEXT = 200;

/**
 * Any value a client sent (parsed JSON), as a JSON value that PostgreSQL's jsonb and Prisma
 * store exactly as it is returned here. Strings go through storableText(); a number that is not
 * finite becomes null. An array or object becomes its JSON text, cut at MAX_STORED_TEXT
 * characters: Prisma reads object shapes in a Json value as its own (`{"$type": …}` as a tagged
 * value, a `__proto__` key as the prototype, decimal.js's and raw parameters' duck types) and
 * recurses through any depth, so a client's structure is never handed to it.
 */
export function storableJson(value: unknown): StorableJson {
  if (typeof value === 'string') return storableText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  if (typeof value !== 'object') return null; // undefined, functions, symbols, bigints: not JSON
  return storableText(jsonText(value, MAX_STORED_TEXT));
}

/**
 * JSON text of a parsed JSON value, cut at `max` characters (with `…`). Stops as soon as the
 * text is long enough, so its recursion is at most `max` deep whatever the value's depth.
 */
export function jsonText(value: unknown, max: number): string {
  let out = '';
  const write = (part: string): boolean => {
    out += part;
    return out.length <= max;
  };
  const walk = (item: unknown): boolean => {
    if (Array.isArray(item)) {
      if (!write('[')) return false;
      for (let i = 0; i < item.length; i += 1) {
        if ((i > 0 && !write(',')) || !walk(item[i])) return false;
      }
      return write(']');
    }
    if (item !== null && typeof item === 'object') {
      if (!write('{')) return false;
      let first = true;
      for (const [key, child] of Object.entries(item)) {
        if ((!first && !write(',')) || !write(`${JSON.stringify(key)}:`) || !walk(child)) return false;
        first = false;
      }
      return write('}');
    }
    return write(JSON.stringify(item) ?? 'null');
  };
  return walk(value) ? out : `${out.slice(0, max)}…`;
}
