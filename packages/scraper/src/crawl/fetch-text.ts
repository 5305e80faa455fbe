import { type FetchPageOptions, fetchPage } from '@enrich/guarded-fetch';

export type FetchTextOptions = Omit<FetchPageOptions, 'signal' | 'accept'>;

export interface FetchedText {
  finalUrl: string;
  text: string;
  bytes: number;
  /** Redirects followed to get it (each one a round trip of its own). */
  redirects: number;
}

// robots.txt and sitemaps are plain text and XML: read through the same guarded fetcher as
// pages (address guard, host map, redirects, deadline, size cap), whatever their Content-Type.
export async function fetchText(url: string, options: FetchTextOptions): Promise<FetchedText> {
  const page = await fetchPage(url, { ...options, accept: () => true });
  return { finalUrl: page.finalUrl, text: page.html, bytes: page.bytes, redirects: page.redirects.length };
}
