import { domainLabel, isCompanySite } from '@enrich/domain';
import { isObject, type JsonLdDocument, type JsonObject, resolve, toArray, typesOf } from './json-ld';
import { resembles } from './util';

const ORGANIZATION_TYPES = new Set([
  'organization',
  'corporation',
  'localbusiness',
  'ngo',
  'onlinebusiness',
  'onlinestore',
  'store',
  'educationalorganization',
  'governmentorganization',
  'medicalorganization',
  'sportsorganization',
  'newsmediaorganization',
  'researchorganization',
  'performinggroup',
  'airline',
  'consortium',
  'professionalservice',
  'legalservice',
  'financialservice',
  'foodestablishment',
  'restaurant',
  'lodgingbusiness',
  'hotel',
  'automotivebusiness',
  'healthandbeautybusiness',
  'homeandconstructionbusiness',
  'realestateagent',
  'travelagency',
  'employmentagency',
  'library',
  'collegeoruniversity',
  'school',
  'dentist',
  'physician',
  'attorney',
  'accountingservice',
  'insuranceagency',
  'bankorcreditunion',
  'entertainmentbusiness',
  'sportsactivitylocation',
  'childcare',
  'internetcafe',
  'radiostation',
  'televisionstation',
  'workersunion',
  'fundingscheme',
  'project',
  'cooperative',
  'searchrescueorganization',
]);

/** Schema.org has ~150 LocalBusiness subtypes; the suffix test catches the ones not listed above. */
export function isOrganizationType(type: string): boolean {
  const t = type.toLowerCase();
  return ORGANIZATION_TYPES.has(t) || /(organi[sz]ation|corporation|business|company|agency|service)$/.test(t);
}

export function isOrganizationNode(node: JsonObject): boolean {
  return typesOf(node).some(isOrganizationType);
}

function hasType(node: JsonObject, type: string): boolean {
  return typesOf(node).some((t) => t.toLowerCase() === type);
}

// Nested organisations under these keys describe the site owner; under others (review.author,
// offers.seller, memberOf, parentOrganization, ...) they are usually some other company.
const OWNER_KEYS = new Set(['publisher', 'provider', 'copyrightHolder', 'creator', 'mainEntity', 'about', 'owner', 'brand']);

export interface OrganizationContext {
  /** Best organisation describing the site owner, if any. */
  org: JsonObject | null;
  /** True when `org` was only found nested (e.g. WebSite.publisher): a weaker signal for the name. */
  nested: boolean;
  website: JsonObject | null;
  doc: JsonLdDocument;
}

export function pickOrganization(doc: JsonLdDocument, domain: string): OrganizationContext {
  const label = domainLabel(domain);
  const websites = doc.nodes.filter((n) => hasType(n.node, 'website'));
  const website = (websites.find((n) => n.topLevel) ?? websites[0])?.node ?? null;
  const publishers = new Set<JsonObject>();
  for (const n of doc.nodes) {
    for (const ref of toArray(n.node.publisher)) {
      const target = resolve(ref, doc);
      if (isObject(target)) publishers.add(target);
    }
  }

  let best: { node: JsonObject; topLevel: boolean; score: number } | null = null;
  for (const n of doc.nodes) {
    if (!isOrganizationNode(n.node)) continue;
    if (!n.topLevel && !OWNER_KEYS.has(n.parentKey ?? '')) continue;
    const node = resolve(n.node, doc);
    if (!isObject(node)) continue;
    let score = n.topLevel ? 10 : 0;
    const url = typeof node.url === 'string' ? node.url : null;
    if (url && isCompanySite(url, domain)) score += 5;
    if (typeof node.name === 'string' && resembles(node.name, [label, domain])) score += 3;
    if (publishers.has(node) || publishers.has(n.node)) score += 2;
    score += ['address', 'sameAs', 'logo', 'description'].filter((k) => node[k] !== undefined).length * 0.5;
    if (!best || score > best.score) best = { node, topLevel: n.topLevel, score };
  }
  return { org: best?.node ?? null, nested: best ? !best.topLevel : false, website, doc };
}

/** First non-empty string for a property; values may be strings, arrays or `{ name | @value }` objects. */
export function stringProp(node: JsonObject | null, key: string, doc?: JsonLdDocument): string | null {
  if (!node) return null;
  for (const raw of toArray(node[key])) {
    const value = doc ? resolve(raw, doc) : raw;
    if (typeof value === 'string' && value.trim()) return value;
    if (typeof value === 'number') return String(value);
    if (isObject(value)) {
      for (const inner of [value['@value'], value.name]) {
        if (typeof inner === 'string' && inner.trim()) return inner;
      }
    }
  }
  return null;
}
