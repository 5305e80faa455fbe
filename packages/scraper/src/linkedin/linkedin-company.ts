import type { FetchErrorKind } from '@enrich/guarded-fetch';

/** Where on the LinkedIn page a value was read, so a merge step can weigh and cite it. */
export type LinkedInSource = 'json-ld' | 'about-us' | 'top-card' | 'meta' | 'page-url';

export interface LinkedInAddress {
  streetAddress: string | null;
  locality: string | null;
  region: string | null;
  postalCode: string | null;
  /** As the page gives it; LinkedIn uses ISO codes ("GB"). */
  country: string | null;
}

export interface LinkedInCompany {
  /** Canonical `https://www.linkedin.com/company/<slug>`; null only when no URL on or of the page names one. */
  linkedinUrl: string | null;
  name: string;
  /** The one-line slogan under the name. */
  tagline: string | null;
  description: string | null;
  industry: string | null;
  /**
   * Company size band as `<low>-<high>` ("51-200"). LinkedIn's top band has no upper bound and is
   * given as "10001+"; see `employeeRange` for why.
   */
  employeeCount: string | null;
  /** Members who list the company as employer ("View all 69 employees"): not the company's size. */
  employeeCountOnLinkedIn: number | null;
  /** Headquarters as LinkedIn shows it, "City, Region" ("London, London"). */
  headquarters: string | null;
  /** Readable "City, Region, Country" with repeats dropped ("London, GB"), the shape `Company.location` uses. */
  location: string | null;
  address: LinkedInAddress | null;
  /** "Privately Held", "Public Company", "Nonprofit", ... */
  companyType: string | null;
  foundedYear: number | null;
  /** The company's own website as shown, unwrapped from LinkedIn's redirect links. */
  website: string | null;
  /** Registrable domain of `website`, lower-case, no `www.`. */
  websiteDomain: string | null;
  specialties: string[];
  logoUrl: string | null;
  followers: number | null;
  sources: Partial<Record<LinkedInField, LinkedInSource>>;
}

export type LinkedInField = Exclude<keyof LinkedInCompany, 'sources'>;

/**
 * Why a fetched page yields no company. `authwall` covers the login/sign-up wall and LinkedIn's
 * HTTP 999 block page (a script that redirects to /authwall): retry later or elsewhere, the company
 * may well exist. `not_company_page` means the page is something else (a person, a post, an error).
 */
export type LinkedInPageFailure = 'authwall' | 'not_company_page';

export type LinkedInPageResult = { ok: true; company: LinkedInCompany } | { ok: false; reason: LinkedInPageFailure };

/** How the fetched page was found: linked from the company's own website, or guessed from its name. */
export type LinkedInMatch = 'linked' | 'guessed';

/**
 * Why the LinkedIn source has no company. `no_page`: nothing to fetch, or the page does not exist;
 * `rate_limited`: LinkedIn refused (429/999) or the fleet is cooling down / over its rate;
 * `website_mismatch`: a page was found but its website names another domain; fetch failures keep
 * the fetcher's kind (`timeout`, `network`, `http`, ...).
 */
export type LinkedInUnavailableReason = 'no_page' | 'authwall' | 'rate_limited' | 'website_mismatch' | 'not_company_page' | FetchErrorKind;

/** What the LinkedIn source stores for a job (JSON, in Postgres): a company, or why there is none. */
export type LinkedInSourceData =
  | { status: 'ok'; url: string; match: LinkedInMatch; fetchedAt: string; company: LinkedInCompany }
  | { status: 'unavailable'; reason: LinkedInUnavailableReason; message: string; fetchedAt: string; tried: string[] };
