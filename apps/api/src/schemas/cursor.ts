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

export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.id])).toString('base64url');

const notACursor = 'cursor must be a nextCursor this endpoint returned';

function decodeCursor(text: string, id: RegExp): Cursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [at, key] = value as unknown[];
    if (typeof at !== 'string' || typeof key !== 'string' || !id.test(key)) return undefined;
    const date = new Date(at);
    return Number.isNaN(date.getTime()) || date.toISOString() !== at ? undefined : { at: date, id: key };
  } catch {
    return undefined;
  }
}

/** `limit` (1–100, default 20) and `cursor`, the ids of the list matching `id`. */
export const cursorQuerySchema = (id: RegExp) =>
  z.object({
    limit: paginationQuerySchema.shape.limit,
    cursor: z
      .string()
      .max(200, notACursor)
      .transform((text, ctx) => {
        const cursor = decodeCursor(text, id);
        if (!cursor) ctx.addIssue({ code: 'custom', message: notACursor });
        return cursor ?? z.NEVER;
      })
      .optional()
      .meta({ description: 'pagination.nextCursor of the previous page; absent for the first page' }),
  });

export const cursorPaginationSchema = z
  .object({
    nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page' }),
  })
  .meta({ id: 'CursorPagination' });

/** One page of `limit` from `limit + 1` rows read: the extra row only says there is more. */
export function cursorPage<T>(
  rows: T[],
  limit: number,
  cursorOf: (row: T) => Cursor,
): { data: T[]; pagination: { nextCursor: string | null } } {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data, pagination: { nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null } };
}
