import { createLogger, type LogLevel } from './index';

// Lines written to a captured destination, parsed.
function captured(level: LogLevel, base?: Record<string, unknown>) {
  const written: string[] = [];
  const logger = createLogger(level, base, { write: (line: string) => void written.push(line) });
  const lines = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, written, lines };
}

describe('createLogger', () => {
  it('writes one JSON line per event with an ISO time, the level by name and msg', () => {
    const { logger, written, lines } = captured('debug', { app: 'test' });
    logger.info('hello', { n: 1 });
    expect(written).toHaveLength(1);
    expect(written[0]!.endsWith('\n')).toBe(true);
    expect(written[0]!.trimEnd()).not.toContain('\n');
    const [line] = lines();
    expect(line).toMatchObject({ level: 'info', msg: 'hello', app: 'test', n: 1 });
    expect(new Date(line!.time as string).toISOString()).toBe(line!.time);
  });

  it('leaves out what is below its level, and says nothing when silent', () => {
    const warn = captured('warn');
    warn.logger.debug('d');
    warn.logger.info('i');
    warn.logger.warn('w');
    warn.logger.error('e');
    expect(warn.lines().map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'w'],
      ['error', 'e'],
    ]);
    const silent = captured('silent');
    silent.logger.error('e', { error: new Error('x') });
    silent.logger.child({ a: 1 }).error('e');
    expect(silent.written).toEqual([]);
  });

  it("puts a child's fields on each of its lines, and its parent's", () => {
    const { logger, lines } = captured('info', { app: 'test' });
    const child = logger.child({ requestId: 'req_1', step: 'scrape' });
    child.child({ jobId: 'j1' }).info('step done', { outcome: 'ok' });
    logger.info('parent');
    const [fromChild, fromParent] = lines();
    expect(fromChild).toMatchObject({ app: 'test', requestId: 'req_1', step: 'scrape', jobId: 'j1', outcome: 'ok', msg: 'step done' });
    expect(fromParent).not.toHaveProperty('requestId');
  });

  it('serializes errors in fields with their name, message and stack', () => {
    const { logger, lines } = captured('info');
    const error = new TypeError('bad thing');
    logger.error('failed', { error, other: 'kept' });
    const [line] = lines();
    expect(line!.error).toMatchObject({ name: 'TypeError', message: 'bad thing' });
    expect((line!.error as { stack: string }).stack).toContain('bad thing');
    expect(line!.other).toBe('kept');
  });

  it('never writes credentials or keys, at the top or nested', () => {
    const { logger, written } = captured('debug');
    const secrets = ['sk_live_topsecret1', 'whsec_topsecret2', 'hunter2-topsecret3', 'tok-topsecret4', 'csrf-topsecret5', 'sid=topsecret6'];
    logger.info('top', { key: secrets[0], webhookSecret: secrets[1], password: secrets[2], token: secrets[3] });
    logger.info('nested', {
      req: { headers: { authorization: `Bearer ${secrets[0]}`, cookie: secrets[5], 'x-csrf-token': secrets[4] } },
      res: { headers: { 'set-cookie': secrets[5] } },
      endpoint: { secret: secrets[1], apiKey: secrets[0] },
    });
    logger.child({ apiKey: secrets[0] }).warn('child');
    const text = written.join('');
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).toContain('[Redacted]');
    expect(written).toHaveLength(3);
  });
});
