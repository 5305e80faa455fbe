import { createLogger } from '@enrich/logger';
import { EventHub, type StreamListener } from './event-hub';
import type { EventSubscriber, SubscriberHandlers } from './event-subscriber';

// The hub's own bookkeeping, with the subscriber played by a fake that confirms when told;
// both real subscribers are in tests/integration/event-bus.test.ts.

class FakeSubscriber implements EventSubscriber {
  readonly calls: string[] = [];
  confirm = true;
  closed = false;
  constructor(readonly handlers: SubscriberHandlers) {}
  subscribe(channel: string): Promise<void> {
    this.calls.push(`subscribe ${channel}`);
    return this.confirm ? Promise.resolve() : new Promise(() => undefined);
  }
  async unsubscribe(channel: string): Promise<void> {
    this.calls.push(`unsubscribe ${channel}`);
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

class Recorder implements StreamListener {
  readonly heard: string[] = [];
  message(text: string): void {
    this.heard.push(text);
  }
  heartbeat(): void {
    this.heard.push('heartbeat');
  }
  resync(): void {
    this.heard.push('resync');
  }
  close(): void {
    this.heard.push('close');
  }
}

function hub(heartbeatMs = 600_000) {
  const opened: FakeSubscriber[] = [];
  const events = new EventHub({
    subscriber: (handlers) => {
      const subscriber = new FakeSubscriber(handlers);
      opened.push(subscriber);
      return subscriber;
    },
    prefix: '{p}',
    heartbeatMs,
    logger: createLogger('silent'),
  });
  return { events, opened };
}

describe('the event hub', () => {
  it('opens one subscriber on its first stream, subscribes a channel once, and lets go of it with its last listener', async () => {
    const { events, opened } = hub();
    expect(opened).toHaveLength(0);
    const [a, b, c] = [new Recorder(), new Recorder(), new Recorder()];
    const stopA = await events.listen('x', a);
    const stopB = await events.listen('x', b);
    const stopC = await events.listen('y', c);
    expect(opened).toHaveLength(1);
    expect(events.stats()).toEqual({ streams: 3, channels: 2 });

    opened[0]!.handlers.message('x', 'one');
    opened[0]!.handlers.message('y', 'two');
    opened[0]!.handlers.message('z', 'nobody');
    expect([a.heard, b.heard, c.heard]).toEqual([['one'], ['one'], ['two']]);

    stopA();
    stopA();
    stopB();
    stopC();
    expect(opened[0]!.calls).toEqual(['subscribe x', 'subscribe y', 'unsubscribe x', 'unsubscribe y']);
    expect(events.stats()).toEqual({ streams: 0, channels: 0 });
  });

  it('resyncs every listener when the subscriber says it reconnected', async () => {
    const { events, opened } = hub();
    const [a, b] = [new Recorder(), new Recorder()];
    await events.listen('x', a);
    await events.listen('y', b);
    opened[0]!.handlers.reconnected();
    expect([a.heard, b.heard]).toEqual([['resync'], ['resync']]);
  });

  it('gives every stream its heartbeat from one timer while any listens', async () => {
    jest.useFakeTimers();
    try {
      const { events } = hub(1000);
      const [a, b] = [new Recorder(), new Recorder()];
      const stopA = await events.listen('x', a);
      await events.listen('y', b);
      jest.advanceTimersByTime(1000);
      stopA();
      jest.advanceTimersByTime(1000);
      expect([a.heard, b.heard]).toEqual([['heartbeat'], ['heartbeat', 'heartbeat']]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a stream (503) whose channel the store does not confirm within 3 s', async () => {
    jest.useFakeTimers();
    try {
      const { events, opened } = hub();
      const listening = events.listen('x', new Recorder());
      opened[0]!.confirm = false; // the first subscribe was already asked; a new channel waits for ever
      await listening;
      const refused = events.listen('y', new Recorder());
      const settled = expect(refused).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryable: true });
      await jest.advanceTimersByTimeAsync(3000);
      await settled;
      expect(events.stats()).toEqual({ streams: 1, channels: 1 });
      expect(opened[0]!.calls).toEqual(['subscribe x', 'subscribe y', 'unsubscribe y']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes every stream and the subscriber on shutdown, then refuses new streams', async () => {
    const { events, opened } = hub();
    const a = new Recorder();
    await events.listen('x', a);
    await events.close();
    expect(a.heard).toEqual(['close']);
    expect(opened[0]!.closed).toBe(true);
    await expect(events.listen('x', new Recorder())).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
