// `timestamp` columns hold UTC wall-clock time without a zone (as Prisma writes them). These
// two are the one way across: a Date bound as such text, and such text read as a Date.

/** A Date as the UTC wall-clock text a `timestamp` column holds. */
export const utc = (date: Date): string => date.toISOString().replace('T', ' ').replace('Z', '');

const ZONED = /[zZ]$|[+-]\d\d(:?\d\d)?$/;

/**
 * The Date a `timestamp` value's text means: UTC wall-clock time without a zone, as the driver
 * reads the column ("2026-11-27 05:40:47.123") and as to_json writes it ("2026-11-27T05:40:47.123").
 * Text that names its zone is read as it says. The driver's parser and every JSON answer built
 * in SQL read timestamps with this.
 */
export function utcDate(text: string): Date;
export function utcDate(text: string | null): Date | null;
export function utcDate(text: string | null): Date | null {
  if (text === null) return null;
  return new Date(ZONED.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}
