import type { CallOptions, Request, Transport } from './transport';

/** A list answered in cursor pages (`pagination.nextCursor`), newest first. */
export interface CursorList<Item> {
  data: Item[];
  pagination: { nextCursor: string | null };
}

/**
 * Every item of an answer paged by cursor, page after page (`pageSize` per page, default 100),
 * each page's items read by `itemsOf` (a list's `data`, search's `results`).
 */
export async function* byCursor<Answer extends { pagination: { nextCursor: string | null } }, Item>(
  http: Transport,
  path: string,
  query: Request['query'],
  options: CallOptions & { pageSize?: number },
  itemsOf: (answer: Answer) => Item[],
): AsyncGenerator<Item> {
  let cursor: string | null = null;
  do {
    const answer: Answer = await http.json<Answer>(
      { method: 'GET', path, query: { ...query, limit: options.pageSize ?? 100, cursor: cursor ?? undefined } },
      options,
    );
    yield* itemsOf(answer);
    cursor = answer.pagination.nextCursor;
  } while (cursor !== null);
}

/** Every item of a cursor-paginated list. */
export const cursorPages = <Item>(
  http: Transport,
  path: string,
  query: Record<string, string | undefined>,
  options: CallOptions & { pageSize?: number },
): AsyncGenerator<Item> => byCursor(http, path, query, options, (list: CursorList<Item>) => list.data);
