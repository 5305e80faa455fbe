import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sleep } from '@enrich/testkit';

const run = promisify(execFile);

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

// A node needs its port and its cluster bus port (port + 10000) free.
async function nodePort(taken: Set<number>): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 25_000);
    if (taken.has(port) || taken.has(port + 10_000)) continue;
    if ((await portIsFree(port)) && (await portIsFree(port + 10_000))) {
      taken.add(port);
      taken.add(port + 10_000);
      return port;
    }
  }
}

export interface ClusterNodeProcess {
  port: number;
  dir: string;
  child: ChildProcess | undefined;
}

export interface LocalRedisCluster {
  /** A seed node's URL, for REDIS_URL with REDIS_CLUSTER=true. */
  url: string;
  nodes: ClusterNodeProcess[];
  /** `redis-cli -p port ...` on one node. */
  cli(port: number, ...args: string[]): Promise<string>;
  /** The port of the master that serves `key`'s hash slot. */
  masterOf(key: string): Promise<number>;
  /** SIGKILL one node's process (its memory is lost: nothing is kept on disk). */
  kill(port: number): Promise<void>;
  /** Starts a killed node again from its nodes.conf (same id and slots, no data). */
  restart(port: number): Promise<void>;
  waitForState(state: 'ok' | 'fail', timeoutMs: number, port?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A Redis Cluster of `masters` local redis-server processes (no replicas), each in a temporary
 * directory, created with `redis-cli --cluster create`. `nodeTimeoutMs` is cluster-node-timeout:
 * how long a silent node takes to be marked failed.
 */
export async function startRedisCluster(options: { masters?: number; nodeTimeoutMs?: number } = {}): Promise<LocalRedisCluster> {
  const masters = options.masters ?? 3;
  const server = process.env.REDIS_SERVER_BIN ?? 'redis-server';
  const cliBin = process.env.REDIS_CLI_BIN ?? 'redis-cli';
  const taken = new Set<number>();
  const nodes: ClusterNodeProcess[] = [];
  for (let i = 0; i < masters; i += 1) {
    nodes.push({ port: await nodePort(taken), dir: await mkdtemp(path.join(tmpdir(), 'redis-cluster-')), child: undefined });
  }
  const cli = async (port: number, ...args: string[]) =>
    (await run(cliBin, ['-h', '127.0.0.1', '-p', String(port), ...args], { timeout: 10_000 })).stdout;

  const launch = async (node: ClusterNodeProcess) => {
    node.child = spawn(
      server,
      [
        '--port',
        String(node.port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        'nodes.conf',
        '--cluster-node-timeout',
        String(options.nodeTimeoutMs ?? 2000),
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        node.dir,
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; ; i += 1) {
      try {
        if ((await cli(node.port, 'PING')).trim() === 'PONG') return;
      } catch (error) {
        if (i > 100) throw error;
      }
      await sleep(50);
    }
  };

  const waitForState = async (state: 'ok' | 'fail', timeoutMs: number, port?: number) => {
    const deadline = Date.now() + timeoutMs;
    const ports = port === undefined ? nodes.map((n) => n.port) : [port];
    for (;;) {
      const states = await Promise.all(ports.map((p) => cli(p, 'CLUSTER', 'INFO').catch(() => '')));
      if (states.every((info) => info.includes(`cluster_state:${state}`))) return;
      if (Date.now() > deadline) throw new Error(`cluster not ${state} after ${timeoutMs} ms: ${states.join(' | ')}`);
      await sleep(100);
    }
  };

  const stop = async () => {
    for (const node of nodes) node.child?.kill('SIGKILL');
    await Promise.all(nodes.map((node) => rm(node.dir, { recursive: true, force: true })));
  };

  try {
    await Promise.all(nodes.map(launch));
    await run(cliBin, ['--cluster', 'create', ...nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-replicas', '0', '--cluster-yes'], {
      timeout: 20_000,
    });
    await waitForState('ok', 20_000);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `redis://127.0.0.1:${nodes[0]!.port}`,
    nodes,
    cli,
    async masterOf(key) {
      const slot = Number((await cli(nodes[0]!.port, 'CLUSTER', 'KEYSLOT', key)).trim());
      // CLUSTER SHARDS would say it more directly; CLUSTER NODES is in every Redis 7: "... master - ... connected 0-5460".
      const lines = (await cli(nodes[0]!.port, 'CLUSTER', 'NODES')).trim().split('\n');
      for (const line of lines) {
        const fields = line.split(' ');
        const port = Number(fields[1]!.split(':')[1]!.split('@')[0]);
        for (const range of fields.slice(8)) {
          const [from, to = from] = range.split('-').map(Number);
          if (slot >= from! && slot <= to!) return port;
        }
      }
      throw new Error(`no master serves slot ${slot}`);
    },
    async kill(port) {
      const node = nodes.find((n) => n.port === port)!;
      const exited = new Promise((resolve) => node.child?.once('exit', resolve));
      node.child?.kill('SIGKILL');
      await exited;
      node.child = undefined;
    },
    async restart(port) {
      await launch(nodes.find((n) => n.port === port)!);
    },
    waitForState,
    stop,
  };
}
