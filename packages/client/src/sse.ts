/** One Server-Sent Event as the API sends them: its id, its name and its data (JSON text). */
export interface ServerSentEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * The events of a text/event-stream body, in order, until it ends. Comments (the API's
 * heartbeats) are skipped; lines may end in \n, \r\n or \r, and chunks may split anywhere.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let event: ServerSentEvent = { id: null, event: 'message', data: '' };
  let hasData = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A \r at a chunk's end may be the first half of a \r\n: kept for the next chunk.
      const held = !done && buffer.endsWith('\r') ? '\r' : '';
      const lines = (held ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
      // The last piece may be a line still arriving (all of it once the stream has ended).
      buffer = done ? '' : (lines.pop() ?? '') + held;
      for (const line of lines) {
        if (line === '') {
          if (hasData) yield { ...event, data: event.data.replace(/\n$/, '') };
          event = { id: event.id, event: 'message', data: '' };
          hasData = false;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const text = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') {
          event.data += `${text}\n`;
          hasData = true;
        } else if (field === 'event') event.event = text;
        else if (field === 'id') event.id = text;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}
