import { judgeAttempt } from './delivery-attempt';

const schedule = [1000, 2000];
const half = () => 0.5;

describe('judgeAttempt', () => {
  it('delivers on any 2xx', () => {
    for (const status of [200, 201, 202, 204, 299])
      expect(judgeAttempt({ kind: 'response', status }, 1, schedule, half)).toEqual({ outcome: 'delivered' });
  });

  it('stops at once on 410, whatever retries are left', () => {
    expect(judgeAttempt({ kind: 'response', status: 410 }, 1, schedule, half)).toMatchObject({ outcome: 'gone' });
  });

  it('retries other answers and errors on the schedule, then fails', () => {
    expect(judgeAttempt({ kind: 'response', status: 500 }, 1, schedule, half)).toEqual({
      outcome: 'retry',
      delayMs: 1000,
      error: 'HTTP 500',
    });
    expect(judgeAttempt({ kind: 'response', status: 404 }, 2, schedule, half)).toEqual({
      outcome: 'retry',
      delayMs: 2000,
      error: 'HTTP 404',
    });
    expect(judgeAttempt({ kind: 'error', message: 'timeout: Timed out', final: false }, 2, schedule, half)).toMatchObject({
      outcome: 'retry',
    });
    expect(judgeAttempt({ kind: 'response', status: 500 }, 3, schedule, half)).toEqual({
      outcome: 'failed',
      error: 'HTTP 500; no retries left',
    });
  });

  it('does not follow a redirect: it is a failure that names where it pointed', () => {
    expect(judgeAttempt({ kind: 'response', status: 302, location: 'http://10.0.0.1/' }, 1, schedule, half)).toMatchObject({
      outcome: 'retry',
      error: 'HTTP 302: redirects are not followed (Location: http://10.0.0.1/)',
    });
  });

  it('waits as Retry-After says on 429 and 503 only', () => {
    expect(judgeAttempt({ kind: 'response', status: 429, retryAfter: '30' }, 1, schedule, half)).toMatchObject({ delayMs: 30_000 });
    expect(judgeAttempt({ kind: 'response', status: 503, retryAfter: '7' }, 1, schedule, half)).toMatchObject({ delayMs: 7000 });
    expect(judgeAttempt({ kind: 'response', status: 500, retryAfter: '30' }, 1, schedule, half)).toMatchObject({ delayMs: 1000 });
    expect(judgeAttempt({ kind: 'response', status: 429 }, 1, schedule, half)).toMatchObject({ delayMs: 1000 });
    // No retries left: Retry-After does not add one.
    expect(judgeAttempt({ kind: 'response', status: 429, retryAfter: '1' }, 3, schedule, half)).toMatchObject({ outcome: 'failed' });
  });

  it('fails for good when the address is refused', () => {
    expect(
      judgeAttempt({ kind: 'error', message: 'blocked: x resolves to non-public address 10.0.0.1', final: true }, 1, schedule, half),
    ).toEqual({
      outcome: 'failed',
      error: 'blocked: x resolves to non-public address 10.0.0.1',
    });
  });
});
