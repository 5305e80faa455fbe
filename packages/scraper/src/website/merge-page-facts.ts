import { FALLBACK_METHODS } from '@enrich/record';
import type { PageKind } from '../crawl';
import type { CompanyFacts, Fact } from '../extract/company-facts';

export interface PageFacts {
  kind: PageKind;
  facts: CompanyFacts;
}

type SingleField = Exclude<keyof CompanyFacts, 'socialProfiles' | 'technologies' | 'textSample' | 'wordCount'>;

// Which pages state a field best, in order, when no page gives it as JSON-LD. Identity
// (name, description, logo) is the homepage's; addresses and contact details are where the
// site keeps them (contact, imprint), the founding year in its story (about).
const PAGE_ORDER: Record<SingleField, PageKind[]> = {
  name: ['home', 'about', 'company', 'imprint', 'contact'],
  description: ['home', 'about', 'company'],
  logoUrl: ['home', 'about', 'company', 'contact'],
  location: ['contact', 'imprint', 'home', 'about', 'company'],
  email: ['contact', 'imprint', 'home', 'about', 'company', 'careers'],
  phone: ['contact', 'imprint', 'home', 'about', 'company'],
  foundedYear: ['about', 'company', 'home', 'imprint'],
  employeeCount: ['about', 'company', 'home', 'careers', 'team'],
  industry: ['home', 'about', 'company'],
};

function pick<T>(pages: PageFacts[], field: SingleField): Fact<T> | null {
  const facts = pages.map((p) => ({ kind: p.kind, fact: p.facts[field] as Fact<T> | null })).filter((f) => f.fact !== null);
  // Structured data the company publishes about itself wins, on whichever page it is.
  const structured = facts.find((f) => f.fact!.method.startsWith('json-ld'));
  if (structured) return structured.fact;
  // Then a stated value in page order; a fallback (a name from the domain, a paragraph) only
  // when no page states one.
  const stated = facts.filter((f) => !FALLBACK_METHODS.has(f.fact!.method));
  for (const pool of [stated, facts]) {
    for (const kind of PAGE_ORDER[field]) {
      const found = pool.find((f) => f.kind === kind);
      if (found) return found.fact;
    }
  }
  return null;
}

/**
 * One set of facts for the site from the facts of each crawled page (homepage first). Each
 * value keeps the URL of the page it was read on.
 */
export function mergePageFacts(pages: PageFacts[]): CompanyFacts {
  const home = pages.find((p) => p.kind === 'home') ?? pages[0];
  if (!home) throw new Error('mergePageFacts needs at least the homepage');
  const socialProfiles: CompanyFacts['socialProfiles'] = {};
  for (const page of [home, ...pages.filter((p) => p !== home)]) {
    for (const [network, fact] of Object.entries(page.facts.socialProfiles) as [keyof CompanyFacts['socialProfiles'], Fact<string>][]) {
      if (fact && !socialProfiles[network]) socialProfiles[network] = fact;
    }
  }
  const technologies = new Map<string, Fact<string>>();
  for (const page of pages)
    for (const fact of page.facts.technologies) if (!technologies.has(fact.value)) technologies.set(fact.value, fact);
  return {
    name: pick(pages, 'name'),
    description: pick(pages, 'description'),
    location: pick(pages, 'location'),
    socialProfiles,
    email: pick(pages, 'email'),
    phone: pick(pages, 'phone'),
    foundedYear: pick(pages, 'foundedYear'),
    logoUrl: pick(pages, 'logoUrl'),
    employeeCount: pick(pages, 'employeeCount'),
    industry: pick(pages, 'industry'),
    technologies: [...technologies.values()],
    textSample: home.facts.textSample,
    wordCount: home.facts.wordCount,
  };
}
