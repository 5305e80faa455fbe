import { z } from 'zod';
import { paginationQuerySchema } from './pagination';

/**
 * Cursor pagination for the lists that grow at the top (a team's batches and jobs, newest
 * first): a page is the items older than the cursor, so new items never shift the pages a
 * client is walking. The cursor is opaque to clients: the last item's creation time and id.
 */
export interface Cursor {
  at: Date;
  id: string;
}

/** Any cursor's text: its values as JSON, base64url. Search's cursors (search-cursor.ts) are made here too. */
export const encodeCursorValues = (values: readonly unknown[]): string => Buffer.from(JSON.stringify(values)).toString('base64url');

export const encodeCursor = (cursor: Cursor): string => encodeCursorValues([cursor.at.toISOString(), cursor.id]);

const notACursor = 'cursor must be a nextCursor this endpoint returned';

function cursorValues(text: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The time a cursor names, only in the form toISOString() writes: the columns cursors point
 * into are TIMESTAMP(3), so milliseconds carry the stored value exactly and the next page
 * starts right after it.
 */
export function cursorTime(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) || date.toISOString() !== value ? undefined : date;
}

function decodeCursor(values: unknown[], id: RegExp): Cursor | undefined {
  if (values.length !== 2) return undefined;
  const [at, key] = values;
  const date = cursorTime(at);
  return date && typeof key === 'string' && id.test(key) ? { at: date, id: key } : undefined;
}

/**
 * A `cursor` query parameter, read by `decode` from the cursor's values (undefined: not a
 * cursor of this list, 400 VALIDATION_ERROR).
 */
export const cursorParameter = <T>(decode: (values: unknown[]) => T | undefined, maxLength = 200) =>
  z
    .string()
    .max(maxLength, { message: notACursor, abort: true })
    .transform((text, ctx) => {
      const values = cursorValues(text);
      const cursor = values && decode(values);
      if (!cursor) ctx.addIssue({ code: 'custom', message: notACursor });
      return cursor ?? z.NEVER;
    })
    .optional()
    .meta({ description: 'pagination.nextCursor of the previous page; absent for the first page' });

/** `limit` (1–100, default 20) and `cursor`, the ids of the list matching `id`. */
export const cursorQuerySchema = (id: RegExp) =>
  z.object({
    limit: paginationQuerySchema.shape.limit,
    cursor: cursorParameter((values) => decodeCursor(values, id)),
  });

export const nextCursorSchema = z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page' });

export const cursorPaginationSchema = z.object({ nextCursor: nextCursorSchema }).meta({ id: 'CursorPagination' });

/** One page of `limit` from `limit + 1` rows read: the extra row only says there is more, and `after` is then the page's last row. */
export function pageOf<T>(rows: T[], limit: number): { data: T[]; after: T | undefined } {
  const data = rows.slice(0, limit);
  return { data, after: rows.length > limit ? data.at(-1) : undefined };
}

/** A list's page from `limit + 1` rows read, with the cursor of the next page (null: none). */
export function cursorPage<T>(
  rows: T[],
  limit: number,
  cursorOf: (row: T) => Cursor,
): { data: T[]; pagination: { nextCursor: string | null } } {
  const { data, after } = pageOf(rows, limit);
  return { data, pagination: { nextCursor: after ? encodeCursor(cursorOf(after)) : null } };
}
