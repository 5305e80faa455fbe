import type { SharedState } from '@enrich/queue';
import { JOB_EVENT_SEQ, jobEvents, notificationPayload, postgresJobEvents, readNotification, redisJobEvents } from './event-announcements';

// The announcements' shape and bounds on either store, with the store played by a fake; the
// real Redis and PostgreSQL are in tests/integration/event-bus.test.ts.

type Sent = { channel: string; message: string };

const never = () => new Promise<never>(() => undefined);

/** `pending` counts the publishes sent and not yet answered (a reply ends a turn later). */
function fakeRedis(sent: Sent[], publish?: () => Promise<unknown>, pending = { count: 0, most: 0 }) {
  return {
    publish: async (channel: string, message: string) => {
      pending.count += 1;
      pending.most = Math.max(pending.most, pending.count);
      sent.push({ channel, message });
      try {
        return await (publish ? publish() : new Promise((resolve) => setImmediate(() => resolve(1))));
      } finally {
        pending.count -= 1;
      }
    },
  };
}

function fakePool(sent: { name?: string; text: string; values: unknown[] }[], result?: () => Promise<unknown>) {
  return {
    query: ((config: { name?: string; text: string; values: unknown[] }) => {
      sent.push(config);
      return result ? result() : Promise.resolve({ rows: [{ pg_notify: null }], rowCount: 1 });
    }) as never,
  };
}

describe('announcements on Redis', () => {
  it('publish a job’s state number and a batch item’s event on their channels under the prefix', async () => {
    const sent: Sent[] = [];
    const events = redisJobEvents(fakeRedis(sent), '{p}', (error) => {
      throw error;
    });
    await events.jobChanged('j1', JOB_EVENT_SEQ.started);
    const item = {
      batchId: 'bat_1',
      seq: 1,
      item: { jobId: 'j1', domain: 'a.com', status: 'completed' as const, error: null },
      counts: { completed: 1, failed: 0, pending: 0 },
    };
    await events.batchItemEnded(item);
    expect(sent).toEqual([
      { channel: '{p}:events:job:j1', message: '2' },
      { channel: '{p}:events:batch:bat_1', message: JSON.stringify(item) },
    ]);
  });
});

describe('a job’s end', () => {
  const batchItem = {
    batchId: 'bat_1',
    seq: 3,
    item: { jobId: 'j1', domain: 'a.com', status: 'failed' as const, error: { code: 'SCRAPE_FAILED', message: 'no' } },
    counts: { completed: 1, failed: 2, pending: 0 },
  };
  const fail = (error: unknown) => {
    throw error;
  };

  it('on Redis, goes out with its batch item’s event in the same turn, the job’s first', async () => {
    const sent: Sent[] = [];
    const pending = { count: 0, most: 0 };
    const events = redisJobEvents(fakeRedis(sent, undefined, pending), '{p}', fail);
    await events.jobEnded('j1', batchItem);
    expect(sent).toEqual([
      { channel: '{p}:events:job:j1', message: '3' },
      { channel: '{p}:events:batch:bat_1', message: JSON.stringify(batchItem) },
    ]);
    // The second was sent before the first was answered: both wait on the same wake-up.
    expect(pending.most).toBe(2);
    await events.jobEnded('j2', null);
    expect(sent.slice(2)).toEqual([{ channel: '{p}:events:job:j2', message: '3' }]);
  });

  it('on PostgreSQL, notifies both, the job’s first', async () => {
    const sent: { text: string; values: unknown[] }[] = [];
    await postgresJobEvents(fakePool(sent), 'c', '{p}', fail).jobEnded('j1', batchItem);
    expect(sent.map((query) => query.values)).toEqual([
      ['c', notificationPayload('{p}:events:job:j1', '3')],
      ['c', notificationPayload('{p}:events:batch:bat_1', JSON.stringify(batchItem))],
    ]);
  });

  it('reports a publish that fails, and goes on', async () => {
    const errors: unknown[] = [];
    await redisJobEvents(
      fakeRedis([], () => Promise.reject(new Error('down'))),
      '{p}',
      (e) => errors.push(e),
    ).jobEnded('j1', batchItem);
    expect(errors.map(String)).toEqual(['Error: down']);
  });
});

describe('announcements on PostgreSQL', () => {
  it('notify the deployment’s channel with the logical channel and the message, as one named statement', async () => {
    const sent: { name?: string; text: string; values: unknown[] }[] = [];
    const events = postgresJobEvents(fakePool(sent), 'bullmq_p_events', '{p}', (error) => {
      throw error;
    });
    await events.jobChanged('j1', JOB_EVENT_SEQ.ended);
    expect(sent).toEqual([
      {
        name: 'notify-event',
        text: 'SELECT pg_notify($1, $2)',
        values: ['bullmq_p_events', notificationPayload('{p}:events:job:j1', '3')],
      },
    ]);
    expect(readNotification(sent[0]!.values[1] as string)).toEqual({ channel: '{p}:events:job:j1', message: '3' });
  });

  it('report a payload over PostgreSQL’s limit without sending it', async () => {
    const sent: { text: string; values: unknown[] }[] = [];
    const errors: unknown[] = [];
    const events = postgresJobEvents(fakePool(sent), 'c', '{p}', (e) => errors.push(e));
    const item = (message: string) => ({
      batchId: 'bat_1',
      seq: 1,
      item: { jobId: 'j1', domain: 'a.com', status: 'failed' as const, error: { code: 'SCRAPE_FAILED', message } },
      counts: { completed: 0, failed: 1, pending: 0 },
    });
    // Multi-byte characters count as their bytes: 4,000 of them are 8,000 bytes.
    await events.batchItemEnded(item('é'.repeat(4000)));
    expect(sent).toEqual([]);
    expect(String(errors[0])).toMatch(
      /^Error: notification on \{p\}:events:batch:bat_1 not sent: \d+ bytes, over PostgreSQL's limit of 7999$/,
    );
  });

  it('read only payloads with a string channel and message', () => {
    expect(readNotification(notificationPayload('a', ''))).toEqual({ channel: 'a', message: '' });
    for (const payload of [undefined, '', 'not json', 'null', '"a"', '[]', '{"c":"a"}', '{"c":1,"m":"2"}', '{"c":"a","m":2}']) {
      expect(readNotification(payload)).toBeNull();
    }
  });
});

describe('announcements on either store', () => {
  const on = {
    redis: (send: () => Promise<unknown>, onError: (error: unknown) => void) => redisJobEvents(fakeRedis([], send), '{p}', onError),
    postgres: (send: () => Promise<unknown>, onError: (error: unknown) => void) =>
      postgresJobEvents(fakePool([], send), 'c', '{p}', onError),
  };

  it.each(['redis', 'postgres'] as const)('on %s, report a send that fails or hangs for 1 s, and go on', async (kind) => {
    jest.useFakeTimers();
    try {
      const errors: unknown[] = [];
      await on[kind](
        () => Promise.reject(new Error('down')),
        (e) => errors.push(e),
      ).jobChanged('j1', JOB_EVENT_SEQ.processing);
      const hanging = on[kind](never, (e) => errors.push(e)).jobChanged('j1', JOB_EVENT_SEQ.processing);
      await jest.advanceTimersByTimeAsync(1000);
      await hanging;
      expect(errors.map(String)).toEqual(['Error: down', 'Error: publish on {p}:events:job:j1 took over 1000 ms']);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the store the deployment chose', () => {
  it('announces on the state’s store, under the braced prefix', async () => {
    const published: Sent[] = [];
    const notified: { text: string; values: unknown[] }[] = [];
    const fail = (error: unknown) => {
      throw error;
    };
    const onRedis = { kind: 'redis', prefix: 'p', redis: fakeRedis(published) } as unknown as SharedState;
    const onPostgres = {
      kind: 'postgres',
      prefix: 'p',
      pool: fakePool(notified),
      databaseUrl: '',
      channel: 'bullmq_p_events',
    } as unknown as SharedState;
    await jobEvents(onRedis, fail).jobChanged('j1', JOB_EVENT_SEQ.processing);
    await jobEvents(onPostgres, fail).jobChanged('j1', JOB_EVENT_SEQ.processing);
    expect(published).toEqual([{ channel: '{p}:events:job:j1', message: '1' }]);
    expect(notified.map((sent) => sent.values)).toEqual([['bullmq_p_events', notificationPayload('{p}:events:job:j1', '1')]]);
  });
});
