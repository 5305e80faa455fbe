/** decodeURIComponent that keeps the raw text when it holds a bad escape (scraped URLs often do). */
export function safeDecodeURIComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
