import { useEffect, useRef } from 'react';

/** How a live view gets its updates: the event stream, or polling once the stream has failed. */
export type LiveMode = 'stream' | 'poll';

/** Polling interval of a live view whose event stream failed. */
export const POLL_MS = 1000;

/**
 * Follows an API event stream (GET /enrich/{id}/events, GET /enrich/bulk/{id}/events) with
 * EventSource while `url` is set: each named event's JSON data goes to `onEvent`, which says
 * whether it was the last (the stream is then closed at once, before the server's end of it
 * could look like an error to EventSource). If the stream errors (refused, or the connection
 * drops), it is closed and `onError` runs: the view falls back to polling (LiveMode 'poll').
 */
export function useEventStream(
  url: string | null,
  names: readonly string[],
  onEvent: (name: string, data: unknown) => boolean,
  onError: () => void,
): void {
  const handlers = useRef({ onEvent, onError });
  handlers.current = { onEvent, onError };
  const eventNames = names.join(',');

  useEffect(() => {
    if (!url) return;
    const source = new EventSource(url);
    const listeners = eventNames.split(',').map((name) => {
      const listener = (event: MessageEvent<string>) => {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        if (handlers.current.onEvent(name, data)) source.close();
      };
      source.addEventListener(name, listener);
      return [name, listener] as const;
    });
    source.onerror = () => {
      source.close();
      handlers.current.onError();
    };
    return () => {
      for (const [name, listener] of listeners) source.removeEventListener(name, listener);
      source.close();
    };
  }, [url, eventNames]);
}
