import { yearFromDate } from '../extract/founded';
import { isObject, type JsonLdDocument, type JsonObject, resolve, toArray } from '../extract/json-ld';
import { isOrganizationNode, stringProp } from '../extract/organization';
import { cleanText } from '../extract/util';
import { employeeRange, parseCount } from './counts';
import type { LinkedInAddress } from './linkedin-company';
import { websiteDomain } from './website-match';

/** What LinkedIn's `Organization` JSON-LD block states, cleaned; null fields are simply absent. */
export interface JsonLdCompany {
  name: string | null;
  description: string | null;
  slogan: string | null;
  /** The `url` property: on LinkedIn, the company page itself. */
  pageUrl: string | null;
  website: string | null;
  logoUrl: string | null;
  address: LinkedInAddress | null;
  industry: string | null;
  employeeRange: string | null;
  employeesOnLinkedIn: number | null;
  foundedYear: number | null;
}

/** The page's top-level Organization node; nested ones (a post's author, a similar page) are others. */
export function findOrganization(doc: JsonLdDocument): JsonObject | null {
  return doc.nodes.find((n) => n.topLevel && isOrganizationNode(n.node))?.node ?? null;
}

function text(node: JsonObject, key: string, doc: JsonLdDocument): string | null {
  return cleanText(stringProp(node, key, doc));
}

function readAddress(node: JsonObject, doc: JsonLdDocument): LinkedInAddress | null {
  // LinkedIn writes `"type": "PostalAddress"` (no @), so the object is read by shape, not by type.
  const raw = toArray(node.address)
    .map((a) => resolve(a, doc))
    .find(isObject);
  if (!raw) return null;
  const address: LinkedInAddress = {
    streetAddress: text(raw, 'streetAddress', doc),
    locality: text(raw, 'addressLocality', doc),
    region: text(raw, 'addressRegion', doc),
    postalCode: text(raw, 'postalCode', doc),
    country: text(raw, 'addressCountry', doc),
  };
  return Object.values(address).some((v) => v !== null) ? address : null;
}

function readLogo(node: JsonObject, doc: JsonLdDocument): string | null {
  for (const raw of [...toArray(node.logo), ...toArray(node.image)]) {
    const value = resolve(raw, doc);
    if (typeof value === 'string' && value.trim()) return value.trim();
    // LinkedIn's ImageObject carries only `contentUrl`.
    if (isObject(value)) {
      for (const key of ['contentUrl', 'url']) {
        const candidate = value[key];
        if (typeof candidate === 'string' && candidate.trim()) return candidate.trim();
      }
    }
  }
  return null;
}

/** LinkedIn puts the company's own website in `sameAs`; other sites may list profiles there too. */
function readWebsite(node: JsonObject): string | null {
  for (const raw of [...toArray(node.sameAs), ...toArray(node.url)]) {
    const value = typeof raw === 'string' ? cleanText(raw) : null;
    if (value && websiteDomain(value)) return value;
  }
  return null;
}

/**
 * numberOfEmployees on a LinkedIn page is a QuantitativeValue whose `value` is the number of
 * members listing the company as employer (69 for Audiense, a 51-200 company), so a single value
 * is that count and never the size band. Only an explicit min/max or range string is a band.
 */
function readEmployees(node: JsonObject, doc: JsonLdDocument): { range: string | null; onLinkedIn: number | null } {
  for (const raw of toArray(node.numberOfEmployees)) {
    const value = resolve(raw, doc);
    if (typeof value === 'number') return { range: null, onLinkedIn: parseCount(String(value)) };
    if (typeof value === 'string') {
      const range = /[-–+]/.test(value) ? employeeRange(value) : null;
      return range ? { range, onLinkedIn: null } : { range: null, onLinkedIn: parseCount(value) };
    }
    if (!isObject(value)) continue;
    const min = parseCount(String(value.minValue ?? ''));
    const max = parseCount(String(value.maxValue ?? ''));
    if (min !== null && max !== null) return { range: employeeRange(`${min}-${max}`), onLinkedIn: null };
    if (min !== null) return { range: `${min}+`, onLinkedIn: null };
    const exact = parseCount(String(value.value ?? ''));
    if (exact !== null) return { range: null, onLinkedIn: exact };
  }
  return { range: null, onLinkedIn: null };
}

export function readJsonLdCompany(doc: JsonLdDocument): JsonLdCompany | null {
  const node = findOrganization(doc);
  if (!node) return null;
  const employees = readEmployees(node, doc);
  const url = stringProp(node, 'url', doc);
  return {
    name: text(node, 'name', doc),
    description: text(node, 'description', doc),
    slogan: text(node, 'slogan', doc),
    pageUrl: url ? url.trim() : null,
    website: readWebsite(node),
    logoUrl: readLogo(node, doc),
    address: readAddress(node, doc),
    industry: text(node, 'industry', doc),
    employeeRange: employees.range,
    employeesOnLinkedIn: employees.onLinkedIn,
    foundedYear: yearFromDate(stringProp(node, 'foundingDate', doc)),
  };
}
