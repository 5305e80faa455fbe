// Fits scraped page text into an input token budget before it is sent to the model. Tokens are
// approximated as chars / 4 (close enough for English prose; the budget is a cost cap, not an
// exact limit), so no tokenizer round trip is needed.

export const CHARS_PER_TOKEN = 4;
export const TRUNCATION_MARKER = ' […]';
// A section shorter than this says too little to be worth its header; with many pages, the
// last ones are dropped instead of every page shrinking below it.
export const MIN_SECTION_CHARS = 400;
// Room for the <page url="…"> wrapper each section gets in the prompt.
const SECTION_OVERHEAD_CHARS = 32;

export interface PageText {
  url: string;
  text: string;
}

export interface FittedPage extends PageText {
  truncated: boolean;
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

// Whitespace costs tokens and carries nothing once the page layout is gone.
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// Cuts to at most `max` chars, at a word boundary when one is near, marking the cut.
function cutStart(text: string, max: number): string {
  const room = max - TRUNCATION_MARKER.length;
  if (room <= 0) return '';
  const slice = text.slice(0, room);
  const boundary = Math.max(slice.lastIndexOf(' '), slice.lastIndexOf('\n'));
  const kept = boundary >= room * 0.8 ? slice.slice(0, boundary) : slice;
  return kept.trimEnd() + TRUNCATION_MARKER;
}

/**
 * Keeps the start of every page section within `budgetTokens` in total. Pages come in priority
 * order (homepage first). Short pages keep all their text and leave their unused share to the
 * longer ones (water-filling), so one huge page cannot crowd out the others.
 */
export function fitPagesToBudget(pages: readonly PageText[], budgetTokens: number): FittedPage[] {
  const normalized = pages.map((page) => ({ url: page.url, text: normalizeText(page.text) })).filter((page) => page.text.length > 0);
  const budgetChars = budgetTokens * CHARS_PER_TOKEN;
  const costOf = (page: PageText) => page.url.length + SECTION_OVERHEAD_CHARS;

  // Drop trailing pages while the budget cannot give each a useful section.
  const kept = [...normalized];
  const room = () => budgetChars - kept.reduce((sum, page) => sum + costOf(page), 0);
  while (kept.length > 1 && room() / kept.length < MIN_SECTION_CHARS) kept.pop();

  let remaining = Math.max(0, room());
  const allotment = new Map<PageText, number>();
  const byLength = [...kept].sort((a, b) => a.text.length - b.text.length);
  byLength.forEach((page, index) => {
    const share = Math.floor(remaining / (byLength.length - index));
    const given = Math.min(page.text.length, share);
    allotment.set(page, given);
    remaining -= given;
  });

  return kept
    .map((page) => {
      const max = allotment.get(page) ?? 0;
      if (page.text.length <= max) return { ...page, truncated: false };
      return { ...page, text: cutStart(page.text, max), truncated: true };
    })
    .filter((page) => page.text.length > 0);
}
