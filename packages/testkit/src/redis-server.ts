import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './free-port';
import { eventually } from './waiting';

export interface RedisServer {
  url: string;
  /** The server's process, for what only it can tell (its CPU time in /proc). */
  pid: number;
  stop(): void;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

/**
 * A Redis server of the caller's own on a free port, memory only (no RDB, no AOF): a test that
 * flushes it touches no other test's queues, and a benchmark reads its memory and CPU alone.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const binary = process.env.REDIS_SERVER_BIN ?? 'redis-server';
  const child: ChildProcess = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await eventually(() => accepts(port), 10_000, { every: 20, what: `redis-server on port ${port}` });
  return { url: `redis://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGKILL') };
}
