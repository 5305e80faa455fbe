import type { CallOptions, Transport } from './transport';

/** A list answered in cursor pages (`pagination.nextCursor`), newest first. */
export interface CursorList<Item> {
  data: Item[];
  pagination: { nextCursor: string | null };
}

/** Every item of a cursor-paginated list, page after page (`pageSize` per page, default 100). */
export async function* cursorPages<Item>(
  http: Transport,
  path: string,
  query: Record<string, string | undefined>,
  options: CallOptions & { pageSize?: number },
): AsyncGenerator<Item> {
  let cursor: string | null = null;
  do {
    const list: CursorList<Item> = await http.json<CursorList<Item>>(
      { method: 'GET', path, query: { ...query, limit: options.pageSize ?? 100, cursor: cursor ?? undefined } },
      options,
    );
    yield* list.data;
    cursor = list.pagination.nextCursor;
  } while (cursor !== null);
}
