import type { SocialNetwork, WebsiteMethod } from '@enrich/record';

/** One extracted value plus where it came from, so later merge steps can weigh and cite it. */
export interface Fact<T> {
  value: T;
  /** The page the value was read from. */
  url: string;
  /** Where on the page: 'json-ld', 'og:site_name', 'meta-description', 'title', 'footer-address', ... */
  method: WebsiteMethod;
}

export interface CompanyFacts {
  name: Fact<string> | null;
  description: Fact<string> | null;
  /** Human-readable "City, Region, Country" style. */
  location: Fact<string> | null;
  socialProfiles: Partial<Record<SocialNetwork, Fact<string>>>;
  email: Fact<string> | null;
  phone: Fact<string> | null;
  foundedYear: Fact<number> | null;
  logoUrl: Fact<string> | null;
  /** Only when the page states it, e.g. JSON-LD numberOfEmployees → "51-200" or "120". */
  employeeCount: Fact<string> | null;
  /** Only when explicitly stated (JSON-LD `industry`); topics such as knowsAbout are not an industry. */
  industry: Fact<string> | null;
  /** What the site is built with (CMS, framework, analytics, widgets, hosting), one Fact per technology. */
  technologies: Fact<string>[];
  /** Visible body text, whitespace-collapsed, scripts/styles/nav removed, at most 20,000 chars. */
  textSample: string;
  /** Visible words on the whole page; a tiny count means a JavaScript-only shell. */
  wordCount: number;
}
