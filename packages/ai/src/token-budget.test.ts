import { CHARS_PER_TOKEN, estimateTokens, fitPagesToBudget, MIN_SECTION_CHARS, normalizeText, TRUNCATION_MARKER } from './token-budget';

const words = (count: number, word = 'alpha') => Array.from({ length: count }, (_, i) => `${word}${i}`).join(' ');
const totalChars = (pages: { url: string; text: string }[]) => pages.reduce((sum, p) => sum + p.text.length + p.url.length + 32, 0);

describe('token budget', () => {
  it('approximates tokens as chars / 4', () => {
    expect(CHARS_PER_TOKEN).toBe(4);
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcde')).toBe(2);
  });

  it('collapses whitespace before measuring', () => {
    expect(normalizeText('  Acme \t  builds\r\n\r\n\r\n\r\n  software  \n  ')).toBe('Acme builds\n\nsoftware');
  });

  it('keeps pages whole when they fit', () => {
    const pages = [{ url: 'https://acme.test/', text: 'Acme builds software.' }];
    expect(fitPagesToBudget(pages, 1000)).toEqual([{ ...pages[0], truncated: false }]);
  });

  it('drops pages without text', () => {
    expect(fitPagesToBudget([{ url: 'https://acme.test/', text: '  \n ' }], 1000)).toEqual([]);
  });

  it('keeps the start of an over-long page, cut at a word boundary and marked', () => {
    const text = words(2000);
    const [page] = fitPagesToBudget([{ url: 'https://acme.test/', text }], 500);
    expect(page!.truncated).toBe(true);
    expect(page!.text.endsWith(TRUNCATION_MARKER)).toBe(true);
    const kept = page!.text.slice(0, -TRUNCATION_MARKER.length);
    expect(text.startsWith(kept)).toBe(true);
    expect(text[kept.length]).toBe(' '); // not cut inside a word
    expect(totalChars([page!])).toBeLessThanOrEqual(500 * CHARS_PER_TOKEN);
  });

  it('gives short pages all their text and shares the rest among the long ones', () => {
    const pages = [
      { url: 'https://acme.test/', text: words(3000, 'home') },
      { url: 'https://acme.test/about', text: 'About Acme: founded 2012.' },
      { url: 'https://acme.test/pricing', text: words(3000, 'price') },
    ];
    const fitted = fitPagesToBudget(pages, 2000);
    expect(fitted.map((p) => p.url)).toEqual(pages.map((p) => p.url)); // order kept
    expect(fitted[1]).toEqual({ ...pages[1], truncated: false });
    expect(fitted[0]!.text.startsWith('home0 home1')).toBe(true);
    expect(fitted[2]!.text.startsWith('price0 price1')).toBe(true);
    expect(Math.abs(fitted[0]!.text.length - fitted[2]!.text.length)).toBeLessThan(100);
    expect(totalChars(fitted)).toBeLessThanOrEqual(2000 * CHARS_PER_TOKEN);
    expect(totalChars(fitted)).toBeGreaterThan(2000 * CHARS_PER_TOKEN * 0.95);
  });

  it('drops trailing pages rather than shrinking every section below a useful size', () => {
    const pages = Array.from({ length: 20 }, (_, i) => ({ url: `https://acme.test/p${i}`, text: words(500, `p${i}w`) }));
    const fitted = fitPagesToBudget(pages, 1000);
    expect(fitted.length).toBeLessThan(20);
    expect(fitted[0]!.url).toBe('https://acme.test/p0');
    for (const page of fitted) expect(page.text.length).toBeGreaterThanOrEqual(MIN_SECTION_CHARS - TRUNCATION_MARKER.length - 50);
    expect(totalChars(fitted)).toBeLessThanOrEqual(1000 * CHARS_PER_TOKEN);
  });
});
