import { existsSync } from 'node:fs';
import path from 'node:path';
import { corpusPath, readCorpus, ssrfUrls } from './corpora';

const packageRoot = path.resolve(__dirname, '..');

describe('corpora', () => {
  it('resolves files inside this package, whatever the working directory', () => {
    const file = corpusPath('metascraper', 'microlink.io.html');
    expect(path.isAbsolute(file)).toBe(true);
    expect(file.startsWith(`${packageRoot}${path.sep}`)).toBe(true);
    expect(existsSync(file)).toBe(true);
  });

  it('refuses names that leave the folder', () => {
    expect(() => corpusPath('metascraper', '../ssrf-req-filter/LICENSE')).toThrow(/not a file of corpora\/metascraper/);
  });

  it('keeps each folder with its licence and source note', () => {
    expect(readCorpus('metascraper', 'LICENSE.md')).toMatch(/MIT License/);
    expect(readCorpus('metascraper', 'SOURCE.md')).toMatch(/microlinkhq\/metascraper at commit 20423f52/);
    expect(readCorpus('ssrf-req-filter', 'LICENSE')).toMatch(/MIT License/);
    expect(readCorpus('ssrf-req-filter', 'SOURCE.md')).toMatch(/y-mehta\/ssrf-req-filter at commit 788a1731/);
  });

  it('loads the ssrf URL lists as arrays of URLs, a fresh copy each time', () => {
    const blocked = ssrfUrls('blockedUrls');
    expect(blocked.length).toBeGreaterThan(50);
    expect(blocked).toContain('http://127.0.0.1:80');
    expect(ssrfUrls('allowedUrls')).toContain('https://github.com');
    blocked.length = 0;
    expect(ssrfUrls('blockedUrls').length).toBeGreaterThan(50);
  });
});
