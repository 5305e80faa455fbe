import type { WebsiteMethod } from '@enrich/record';
import type { Fact } from './company-facts';
import { isObject, resolve, toArray } from './json-ld';
import { metaContent } from './meta';
import type { OrganizationContext } from './organization';
import type { HtmlDocument } from './parse-html';
import { absoluteUrl, fact } from './util';

function logoFromJsonLd(ctx: OrganizationContext): string | null {
  if (!ctx.org) return null;
  for (const raw of [...toArray(ctx.org.logo), ...toArray(ctx.org.image)]) {
    const value = resolve(raw, ctx.doc);
    if (typeof value === 'string') return value;
    if (isObject(value)) {
      // ImageObject: `url` is the norm, `contentUrl` is common (LinkedIn uses only that).
      for (const key of ['url', 'contentUrl', '@id']) {
        const candidate = value[key];
        if (typeof candidate === 'string' && /^(?:https?:)?\/\/|^\//.test(candidate)) return candidate;
      }
    }
  }
  return null;
}

/** Largest declared icon of the given rel, since favicons are tiny and touch icons are bigger. */
function iconHref($: HtmlDocument, rels: string[]): string | null {
  let best: { href: string; size: number } | null = null;
  for (const el of $('link[rel][href]').toArray()) {
    const rel = (el.attribs.rel ?? '').toLowerCase().split(/\s+/);
    if (!rels.some((r) => rel.includes(r))) continue;
    const href = el.attribs.href ?? '';
    const size = Number(/(\d+)x\d+/i.exec(el.attribs.sizes ?? '')?.[1] ?? 0);
    if (href && (!best || size > best.size)) best = { href, size };
  }
  return best?.href ?? null;
}

export function extractLogo($: HtmlDocument, ctx: OrganizationContext, url: string): Fact<string> | null {
  const attempts: Array<[string | null, WebsiteMethod]> = [
    [logoFromJsonLd(ctx), 'json-ld'],
    [metaContent($, 'og:logo'), 'og:logo'],
    [$('img[itemprop="logo"]').attr('src') ?? metaContent($, 'logo'), 'itemprop-logo'],
    [iconHref($, ['apple-touch-icon', 'apple-touch-icon-precomposed']), 'apple-touch-icon'],
    [iconHref($, ['icon']), 'link-icon'],
  ];
  for (const [href, method] of attempts) {
    const absolute = absoluteUrl(href, url);
    if (absolute) return fact(absolute, url, method);
  }
  return null;
}
