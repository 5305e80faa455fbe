import { jobEvents } from './job-events';
import { sseFrame } from './sse-response';

const createdAt = new Date('2026-11-24T10:00:00.000Z');
const job = (fields: { status: 'processing' | 'completed' | 'failed'; started?: boolean }) => ({
  job: {
    status: fields.status,
    domain: 'acme.com',
    createdAt,
    startedAt: fields.started ? new Date('2026-11-24T10:00:01.000Z') : null,
    completedAt: fields.status === 'processing' ? null : new Date('2026-11-24T10:00:05.000Z'),
    errorCode: fields.status === 'failed' ? 'SCRAPE_FAILED' : null,
    errorMessage: fields.status === 'failed' ? 'gave up' : null,
  },
  company: null,
});
const ids = (state: ReturnType<typeof jobEvents>) => state.events.map((e) => `${e.id}:${e.event}`);

describe('a job’s events, from its row', () => {
  it('gives a new stream the current state only', () => {
    expect(ids(jobEvents(job({ status: 'processing' }), null, 5000))).toEqual(['1:processing']);
    expect(ids(jobEvents(job({ status: 'processing', started: true }), null, 5000))).toEqual(['2:started']);
    const failed = jobEvents(job({ status: 'failed', started: true }), null, 5000);
    expect([ids(failed), failed.ended]).toEqual([['3:failed'], true]);
  });

  it('gives a resumed stream every event after its last, and nothing once it has the end', () => {
    expect(ids(jobEvents(job({ status: 'failed', started: true }), 0, 5000))).toEqual(['1:processing', '2:started', '3:failed']);
    expect(ids(jobEvents(job({ status: 'failed', started: true }), 1, 5000))).toEqual(['2:started', '3:failed']);
    expect(jobEvents(job({ status: 'failed', started: true }), 3, 5000)).toEqual({ events: [], ended: true });
    expect(jobEvents(job({ status: 'processing', started: true }), 2, 5000)).toEqual({ events: [], ended: false });
  });

  it('carries the poll’s answer, startedAt on started', () => {
    const [started] = jobEvents(job({ status: 'processing', started: true }), 1, 5000).events;
    expect(started!.data).toEqual({
      status: 'processing',
      domain: 'acme.com',
      createdAt: '2026-11-24T10:00:00.000Z',
      estimatedCompletion: '2026-11-24T10:00:05.000Z',
      startedAt: '2026-11-24T10:00:01.000Z',
    });
  });
});

describe('an SSE frame', () => {
  it('is id, event and one data line of JSON, ended by a blank line, whatever the data holds', () => {
    expect(sseFrame({ id: 2, event: 'item', data: { text: 'two\nlines\r\n: not a comment' } })).toBe(
      'id: 2\nevent: item\ndata: {"text":"two\\nlines\\r\\n: not a comment"}\n\n',
    );
  });
});
