// CSV as RFC 4180 writes it (CRLF lines, a cell quoted when it holds a quote, comma or line
// break), made safe to open in a spreadsheet: a cell that starts with = + - @, a tab or a CR
// would be read as a formula, so it gets a leading ' (OWASP's advice on CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;
