import type { CompanyFacts } from './extract/types';
import { extractCompanyFacts } from './extract/extract-company-facts';
import { FetchError, type FetchErrorKind, fetchPage, type FetchPageOptions } from './fetch';

export type ScrapeSettings = Omit<FetchPageOptions, 'signal'>;

// What the website source leaves for the finalize step; stored as JSON in Postgres.
export type WebsiteSourceData =
  | { status: 'ok'; url: string; finalUrl: string; fetchedAt: string; facts: CompanyFacts }
  | { status: 'unreachable'; reason: FetchErrorKind; message: string; httpStatus?: number; fetchedAt: string };

// Errors after which another address form of the same site is worth a try.
const TRY_NEXT: ReadonlySet<FetchErrorKind> = new Set(['dns', 'network', 'blocked']);

function candidateUrls(domain: string): string[] {
  return [`https://${domain}/`, `https://www.${domain}/`, `http://${domain}/`];
}

/**
 * Fetches the company's homepage and extracts what it states. Tries the bare domain, then
 * www., then plain HTTP, for sites that answer only on one of them. Throws the FetchError of
 * the most telling attempt when none worked, so the caller can tell transient failures
 * (retry later) from final ones (the site is unreachable).
 */
export async function scrapeWebsite(domain: string, settings: ScrapeSettings): Promise<WebsiteSourceData> {
  const failures: FetchError[] = [];
  for (const url of candidateUrls(domain)) {
    try {
      const page = await fetchPage(url, settings);
      return {
        status: 'ok',
        url,
        finalUrl: page.finalUrl,
        fetchedAt: new Date().toISOString(),
        facts: extractCompanyFacts(page.html, page.finalUrl, domain),
      };
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      failures.push(error);
      if (!TRY_NEXT.has(error.kind)) break;
    }
  }
  // A DNS miss on every form says less than, say, a refused connection on one of them.
  throw failures.find((f) => f.kind !== 'dns') ?? failures[0]!;
}

export function unreachable(error: FetchError): WebsiteSourceData {
  return {
    status: 'unreachable',
    reason: error.kind,
    message: error.message,
    ...(error.status === undefined ? {} : { httpStatus: error.status }),
    fetchedAt: new Date().toISOString(),
  };
}
