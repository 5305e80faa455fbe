// Phone numbers written as text, the way most small business sites show them: in the header
// ("Call 1300 346 227"), beside an address ("New York, NY 10012 212.672.6350") or in the footer
// ("T +44 (0)20 3167 4997 | F …"). A number counts as the site's own only where its place says
// so: labelled as a phone, next to a postal code, or in the site-wide header or footer. A fax
// line is never taken; a number in the body with no label (a listing, a partner, a vendor) is not.

// The shapes read: international (+CC, an optional "(0)"), North American ((555) 555-5555,
// 555.555.5555, 1-800-555-5555), national with a trunk 0 (057 9352105, (01242) 577104), and
// Australia's 1300/1800 numbers. No digit may touch either end.
const PHONE_SHAPE =
  /(?<![\d+])(?:\+\d{1,3}(?:[\s.-]?\(0\))?(?:[\s.-]?\(?\d{1,5}\)?){2,5}|(?:1[\s.-])?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}|\(?0\d{1,4}\)?[\s.-]?\d{3,4}(?:[\s.-]?\d{3,4})?|1[38]00[\s.-]?\d{3}[\s.-]?\d{3})(?![\d])/g;
// What comes right before a number and says what it is.
const FAX_LABEL = /\b(?:fax|facsimile|f)\s*(?:no\.?|number|#)?\s*[:.]?\s*$/i;
// …or right after it ("202.299.1148 fax", "(fax)").
// (A fax label followed by a number is that number's: "Tel: 555-0100 Fax: 555-0101".)
const FAX_AFTER = /^\s*[(-]?\s*(?:fax|facsimile)\b(?!\s*(?:no\.?|number|#)?\s*[:.]?\s*[+(]?\d)/i;
const PHONE_LABEL =
  /(?:\b(?:tel(?:ephone)?|phone|ph|call(?:\s+(?:us|now|today))?(?:\s+(?:on|at))?|t|toll[\s-]?free|freephone|office|main|mobile|mob|sales|service|enquiries|inquiries|reach\s+us\s+at|contact\s+us\s+(?:on|at))\s*(?:no\.?|number|#)?\s*[:.]?|☎|📞)\s*$/iu;
// A postal code just before the number: an address's own phone.
const AFTER_POSTCODE =
  /(?:\b[A-Z]{2}\s+\d{5}(?:-\d{4})?|\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d|\b(?:NSW|VIC|QLD|SA|WA|TAS|ACT|NT)\s+\d{4})[\s,.|-]*$/;
// The site-wide header and footer: the first and last characters of the page's text.
const CHROME_CHARS = 1_200;

export interface TextPhone {
  value: string;
  /** Labelled as a phone, or next to a postal code. */
  stated: boolean;
  /** In the page's header or footer. */
  chrome: boolean;
  count: number;
  first: number;
}

/** Digits of a number as dialled at home: "+44 (0)20 …" → "4420…"; 9 to 13 of them make a phone. */
function phoneDigits(value: string): string | null {
  const digits = value.replace(/\(0\)/, '').replace(/\D/g, '');
  return digits.length >= 9 && digits.length <= 13 ? digits : null;
}

/** Every number on the page that reads as the site's own, in order of how surely (stated, in the chrome, repeated, first). */
export function phonesInText(text: string): TextPhone[] {
  const found = new Map<string, TextPhone>();
  for (const match of text.matchAll(PHONE_SHAPE)) {
    const value = match[0].trim();
    const digits = phoneDigits(value);
    // A run of digits with no separator is an id or a count as often as a phone.
    if (!digits || !/[\s.()-]/.test(value)) continue;
    const at = match.index ?? 0;
    const before = text.slice(Math.max(0, at - 30), at);
    if (FAX_LABEL.test(before) || FAX_AFTER.test(text.slice(at + match[0].length, at + match[0].length + 15))) continue;
    const stated = PHONE_LABEL.test(before) || AFTER_POSTCODE.test(before);
    const chrome = at < CHROME_CHARS || at > text.length - CHROME_CHARS;
    const key = digits.slice(-9);
    const known = found.get(key);
    if (known) {
      known.count += 1;
      known.stated ||= stated;
      known.chrome ||= chrome;
    } else found.set(key, { value, stated, chrome, count: 1, first: at });
  }
  const rank = (p: TextPhone) => (p.stated ? 4 : 0) + (p.chrome ? 2 : 0) + (p.count > 1 ? 1 : 0);
  return [...found.values()].filter((p) => p.stated || p.chrome || p.count > 1).sort((a, b) => rank(b) - rank(a) || a.first - b.first);
}
