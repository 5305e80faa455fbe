import type { Fact } from './company-facts';
import { isObject, resolve, toArray } from './json-ld';
import { type OrganizationContext, stringProp } from './organization';
import { cleanText, fact } from './util';

function count(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/[,\s]/g, '')) : NaN;
  return Number.isFinite(n) && n > 0 && n < 10_000_000 ? Math.round(n) : null;
}

/**
 * numberOfEmployees as stated: a number (120), a range string ("51-200"), or a QuantitativeValue
 * with `value` or `minValue`/`maxValue`.
 */
export function employeeCountOf(raw: unknown): string | null {
  for (const item of toArray(raw)) {
    if (typeof item === 'number') return count(item)?.toString() ?? null;
    if (typeof item === 'string') {
      const text = cleanText(item);
      if (text && /^\d[\d,]*\s*(?:[-–]\s*\d[\d,]*|\+)?$/.test(text)) return text.replace(/\s*[-–]\s*/, '-').replace(/,/g, '');
      continue;
    }
    if (!isObject(item)) continue;
    const exact = count(item.value);
    if (exact) return String(exact);
    const min = count(item.minValue);
    const max = count(item.maxValue);
    if (min && max && max >= min) return `${min}-${max}`;
    if (min) return `${min}+`;
    if (max) return `1-${max}`;
  }
  return null;
}

export function extractEmployeeCount(ctx: OrganizationContext, url: string): Fact<string> | null {
  if (!ctx.org) return null;
  const value = employeeCountOf(resolve(ctx.org.numberOfEmployees, ctx.doc));
  return value ? fact(value, url, 'json-ld') : null;
}

/** Only an explicit `industry` property counts; knowsAbout/keywords describe topics, not the industry. */
export function extractIndustry(ctx: OrganizationContext, url: string): Fact<string> | null {
  const value = cleanText(stringProp(ctx.org, 'industry', ctx.doc));
  return value && value.length <= 80 && !/^https?:/i.test(value) ? fact(value, url, 'json-ld') : null;
}
