import { readFileSync } from 'node:fs';
import path from 'node:path';

// Real pages and attack lists copied from other projects into this package (corpora/<folder>/,
// each with its licence and a SOURCE.md naming where it came from), so tests read them from
// the checkout itself.
const CORPORA_DIR = path.resolve(__dirname, '../corpora');

export type CorpusFolder = 'metascraper' | 'readability' | 'ssrf-req-filter';

/** Absolute path of a corpus file. */
export function corpusPath(folder: CorpusFolder, file: string): string {
  const resolved = path.resolve(CORPORA_DIR, folder, file);
  if (path.dirname(resolved) !== path.join(CORPORA_DIR, folder)) throw new Error(`not a file of corpora/${folder}: ${file}`);
  return resolved;
}

/** A corpus file's text (UTF-8). */
export function readCorpus(folder: CorpusFolder, file: string): string {
  return readFileSync(corpusPath(folder, file), 'utf8');
}

export type SsrfUrlList = 'blockedUrls' | 'allowedUrls';

/** ssrf-req-filter's URL lists: `blockedUrls` must never be fetched, `allowedUrls` are public. */
export function ssrfUrls(list: SsrfUrlList): string[] {
  // The lists are CommonJS modules exporting an array, kept as their project wrote them.
  const urls: unknown = require(corpusPath('ssrf-req-filter', `${list}.js`));
  if (!Array.isArray(urls) || !urls.every((url) => typeof url === 'string')) {
    throw new Error(`corpora/ssrf-req-filter/${list}.js does not export an array of strings`);
  }
  return [...urls];
}
