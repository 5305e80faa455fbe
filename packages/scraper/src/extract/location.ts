import type { WebsiteMethod } from '@enrich/record';
import type { Element } from 'domhandler';
import { parseAddressText } from './address-text';
import type { Fact } from './company-facts';
import { isObject, type JsonObject, resolve, toArray, typesOf } from './json-ld';
import { type OrganizationContext, stringProp } from './organization';
import { attrHas, type HtmlDocument, hasClass, isFooter, titleText } from './parse-html';
import { cityAndStateName } from './stated-place';
import { blockText } from './text';
import { cleanText, fact } from './util';

const MAX_LOCATION = 120;

/** "City, Region, Country" from parts, skipping blanks and repeats ("London, London, GB" → "London, GB"). */
export function joinLocation(parts: Array<string | null | undefined>): string | null {
  const out: string[] = [];
  for (const part of parts) {
    const text = cleanText(part);
    if (text && text.length <= 60 && !out.some((p) => p.toLowerCase() === text.toLowerCase())) out.push(text);
  }
  const joined = out.join(', ');
  return joined && joined.length <= MAX_LOCATION ? joined : null;
}

function fromPostalAddress(address: JsonObject, ctx: OrganizationContext, cityRequired: boolean): string | null {
  if (cityRequired && !cleanText(stringProp(address, 'addressLocality', ctx.doc))) return null;
  return joinLocation([
    stringProp(address, 'addressLocality', ctx.doc),
    stringProp(address, 'addressRegion', ctx.doc),
    stringProp(address, 'addressCountry', ctx.doc),
  ]);
}

/** An address value may be a PostalAddress, a Place with an address, a plain string, or a list of those. */
function fromAddressValue(value: unknown, ctx: OrganizationContext, cityRequired: boolean, depth = 0): string | null {
  for (const raw of toArray(value)) {
    const item = resolve(raw, ctx.doc);
    if (typeof item === 'string') {
      const text = cleanText(item);
      if (!text) continue;
      const parsed = parseAddressText(text.replace(/\s*,\s*/g, ', '));
      if (parsed) return parsed;
      // Unparsed strings are kept only when free of digits, i.e. not a street line; which part is the city is not known.
      if (!cityRequired && text.length <= MAX_LOCATION && !/https?:|@|\d/.test(text)) return text;
      continue;
    }
    if (!isObject(item)) continue;
    const postal = fromPostalAddress(item, ctx, cityRequired);
    if (postal) return postal;
    const isPlace = typesOf(item).some((t) => /place|business|organi[sz]ation/i.test(t));
    if (depth < 2 && (isPlace || item.address !== undefined)) {
      const nested = fromAddressValue(item.address, ctx, cityRequired, depth + 1);
      if (nested) return nested;
    }
  }
  return null;
}

function fromJsonLd(ctx: OrganizationContext, cityRequired: boolean): string | null {
  if (!ctx.org) return null;
  return fromAddressValue(ctx.org.address, ctx, cityRequired) ?? fromAddressValue(ctx.org.location, ctx, cityRequired);
}

function fromMicrodata($: HtmlDocument, items: readonly Element[], cityRequired: boolean): string | null {
  let found: string | null = null;
  for (const el of items) {
    const $el = $(el);
    const read = (prop: string): string | null => {
      const $p = $el.find(`[itemprop="${prop}"]`).first();
      return $p.length ? ($p.attr('content') ?? $p.text()) : null;
    };
    const locality = read('addressLocality');
    found =
      (cityRequired && !cleanText(locality) ? null : joinLocation([locality, read('addressRegion'), read('addressCountry')])) ??
      parseAddressText(blockText($el.toArray()));
    if (found) break;
  }
  return found;
}

function fromMicroformats($: HtmlDocument, cards: readonly Element[], cityRequired: boolean): string | null {
  let found: string | null = null;
  for (const el of cards) {
    const $el = $(el);
    const read = (selector: string): string | null => {
      const $p = $el.find(selector).first();
      return $p.length ? $p.text() : null;
    };
    const locality = read('.p-locality, .locality');
    if (cityRequired && !cleanText(locality)) continue;
    found = joinLocation([locality, read('.p-region, .region'), read('.p-country-name, .country-name')]);
    if (found) break;
  }
  return found;
}

/** The address in the first of the first 20 `blocks` that holds one. */
function fromBlocks(blocks: readonly Element[]): string | null {
  for (const el of blocks.slice(0, 20)) {
    const found = parseAddressText(blockText([el]));
    if (found) return found;
  }
  return null;
}

const MICROFORMAT_CLASSES = ['h-card', 'vcard', 'h-adr', 'adr'];
// [class*="contact" i], [id*="contact" i], [class*="address" i], [id*="address" i], [class*="location" i]
const isContactBlock = (el: Element): boolean =>
  ['contact', 'address'].some((part) => attrHas(el, 'class', part) || attrHas(el, 'id', part)) || attrHas(el, 'class', 'location');

/**
 * The site's location on one page: the first source that names a city (structured data, then
 * address blocks, then an address anywhere in the page's text `lines` with a postal code or a
 * county to anchor it); else a structured value without a city ("MA", "Colorado"), which a page
 * of the site that names the city beats when the pages are merged.
 */
export function extractLocation($: HtmlDocument, ctx: OrganizationContext, url: string, lines = ''): Fact<string> | null {
  // The page's microdata addresses and microformat cards, listed once for both passes.
  const once = <T>(list: () => T): (() => T) => {
    let value: T | undefined;
    return () => (value ??= list());
  };
  const items = once(() => $.elements().filter((el) => el.attribs.itemprop === 'address'));
  const cards = once(() => $.elements().filter((el) => MICROFORMAT_CLASSES.some((name) => hasClass(el, name))));
  const attempts: Array<[() => string | null, WebsiteMethod]> = [
    [() => fromJsonLd(ctx, true), 'json-ld'],
    [() => fromMicrodata($, items(), true), 'microdata'],
    [() => fromMicroformats($, cards(), true), 'microformat'],
    [() => fromBlocks($.elements('address')), 'address-element'],
    [() => fromBlocks($.elements().filter(isFooter)), 'footer-address'],
    [() => fromBlocks($.elements().filter(isContactBlock)), 'contact-address'],
    [() => parseAddressText(lines, { anchoredOnly: true }), 'text'],
    // Small businesses put their address in the title ("Ice Cream Truck - 325 Cherry Street Bridgeport, CT 06605").
    [() => parseAddressText(titleText($).replace(/\s+[-|–—]\s+/g, '\n'), { anchoredOnly: true }), 'text'],
    // A place in words: "Toledo, Ohio", "Miami, FL", the one such place the title and the text name.
    [() => cityAndStateName(`${titleText($)}\n${lines}`), 'text'],
    [() => fromJsonLd(ctx, false), 'json-ld'],
    [() => fromMicrodata($, items(), false), 'microdata'],
    [() => fromMicroformats($, cards(), false), 'microformat'],
  ];
  for (const [attempt, method] of attempts) {
    const value = attempt();
    if (value) return fact(value, url, method);
  }
  return null;
}
