import { cleanText } from '../extract/util';

const MAX_COUNT = 100_000_000;

/**
 * A displayed count: "5,750", "69", "1.2K", "3M". Plain digits may carry thousands separators of
 * either kind; only a K/M suffix makes a dot a decimal point.
 */
export function parseCount(text: string | null | undefined): number | null {
  const match = /(\d[\d,.\s\u00a0]*)\s*([km])?\b/i.exec(text ?? '');
  if (!match?.[1]) return null;
  const digits = match[1].trim();
  const suffix = match[2]?.toLowerCase();
  const n = suffix
    ? Number(digits.replace(/[\s\u00a0,]/g, '')) * (suffix === 'k' ? 1_000 : 1_000_000)
    : Number(digits.replace(/[\s\u00a0,.]/g, ''));
  return Number.isFinite(n) && n >= 0 && n < MAX_COUNT ? Math.round(n) : null;
}

/**
 * LinkedIn's "Company size" label as `<low>-<high>`:
 *   "51-200 employees" → "51-200", "1,001-5,000" → "1001-5000",
 *   "1 employee" and "Myself Only" (LinkedIn's one-person band) → "1-1".
 * The top band, "10,001+ employees", has no upper bound. Inventing one ("10001-100000") would state a
 * fact the page does not, and dropping it would lose the most useful size signal, so it is kept as
 * "10001+": the same open-ended form the website extractor already emits for a minValue-only
 * numberOfEmployees. Anything else (no number, low > high) is null.
 */
export function employeeRange(label: string | null | undefined): string | null {
  const text = cleanText(label)?.toLowerCase();
  if (!text) return null;
  if (/^(?:myself only|self[- ]employed)$/.test(text)) return '1-1';
  const num = String.raw`(\d{1,3}(?:[,.\s]\d{3})+|\d+)`;
  const range = new RegExp(String.raw`^${num}\s*(?:[-–—]|to)\s*${num}\b`).exec(text);
  if (range?.[1] && range[2]) {
    const low = parseCount(range[1]);
    const high = parseCount(range[2]);
    return low !== null && high !== null && low <= high ? `${low}-${high}` : null;
  }
  const open = new RegExp(String.raw`^${num}\s*\+`).exec(text);
  if (open?.[1]) {
    const low = parseCount(open[1]);
    return low !== null ? `${low}+` : null;
  }
  // A single number ("1 employee") is an exact size: low and high are the same.
  const single = new RegExp(String.raw`^${num}\s*(?:employees?|people|staff)?$`).exec(text);
  const n = single?.[1] ? parseCount(single[1]) : null;
  return n !== null && n > 0 ? `${n}-${n}` : null;
}
