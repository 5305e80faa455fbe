import { type Options, stringify } from 'csv-stringify/sync';

// CSV as RFC 4180 writes it (CRLF lines, a cell quoted when it holds a quote, comma or line
// break), made safe to open in a spreadsheet: a cell that starts with = + - @, a tab or a CR
// would be read as a formula, so it gets a leading ' (OWASP's advice on CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

const OPTIONS: Options = {
  record_delimiter: 'windows',
  // csv-stringify quotes a cell holding the record delimiter (CRLF); a lone CR or LF must be quoted too.
  quoted_match: /[\r\n]/,
  cast: { string: (value) => (FORMULA_START.test(value) ? `'${value}` : value) },
};

export const csvLine = (cells: readonly string[]): string => stringify([cells], OPTIONS);

/** One cell as csvLine writes it. */
export const csvCell = (value: string): string => csvLine([value]).slice(0, -'\r\n'.length);
