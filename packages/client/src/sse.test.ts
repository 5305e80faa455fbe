import { readEvents } from './sse';

const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe('readEvents', () => {
  it('reads events split anywhere across chunks, skipping heartbeats, with any line ending', async () => {
    const text = ': heartbeat\n\nid: 1\nevent: processing\ndata: {"a":1}\n\r\nid: 3\r\nevent: completed\r\ndata: {"b":\r\ndata: 2}\r\n\r\n';
    const chunks = text.match(/.{1,7}/gs)!;
    const events = [];
    for await (const event of readEvents(streamOf(chunks))) events.push(event);
    expect(events).toEqual([
      { id: '1', event: 'processing', data: '{"a":1}' },
      { id: '3', event: 'completed', data: '{"b":\n2}' },
    ]);
  });

  it('ends with the stream, dropping an event it did not finish', async () => {
    const events = [];
    for await (const event of readEvents(streamOf(['data: whole\n\n', 'data: cut off']))) events.push(event.data);
    expect(events).toEqual(['whole']);
  });
});
