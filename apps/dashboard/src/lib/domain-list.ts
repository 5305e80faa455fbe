// A pasted list of companies for a bulk run: one per line, or separated by commas, semicolons
// or whitespace. Entries are sent as typed; the API normalises and classifies each one (the
// preview shows which are invalid or duplicated), so nothing is judged here.

export const MAX_BULK_ENTRIES = 1000;

export function parsePastedList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** What the submit button can say about a file before the preview answers. */
export function describeFile(file: { name: string; size: number }): string {
  const kb = file.size / 1024;
  const size = kb < 1 ? `${file.size} B` : kb < 1024 ? `${kb.toFixed(1)} KB` : `${(kb / 1024).toFixed(1)} MB`;
  return `${file.name} (${size})`;
}

/** A dropped or picked file is read as CSV when its name or type says so. */
export function looksLikeCsv(file: { name: string; type: string }): boolean {
  return /\.(csv|txt)$/i.test(file.name) || /^text\/(csv|plain)$/i.test(file.type) || file.type === 'application/vnd.ms-excel';
}
