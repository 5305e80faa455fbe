import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { type ChildApp, stopApps } from './child-processes';
import { eventually, sleep } from './waiting';

// stopApps' last step, SIGKILL to each app's process group, against real processes (sh and
// sleep, each started as a group leader as spawnApp starts an app).

// Running, not a zombie: a killed orphan stays in the table until PID 1 reaps it.
const running = (pid: number): boolean => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

const asApp = (child: ChildProcess, pid = child.pid!): ChildApp => ({
  name: 'app',
  spawnedAt: Date.now(),
  child,
  pid,
  exited:
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve({ code: child.exitCode, signal: child.signalCode })
      : (once(child, 'exit') as Promise<unknown>).then(() => ({ code: child.exitCode, signal: child.signalCode })),
  tail: [],
  waitForLine: () => Promise.reject(new Error('no output here')),
});

const others: ChildProcess[] = [];
afterEach(() => {
  for (const other of others.splice(0)) other.kill('SIGKILL');
});

it('kills what an exited app left behind in its group', async () => {
  // The app exits at once, leaving a sleep in its group; it prints the sleep's pid first.
  const app = spawn('sh', ['-c', 'sleep 30 & echo $!; exit 0'], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  const [line] = (await once(app.stdout!, 'data')) as [Buffer];
  await once(app, 'exit');
  const leftover = Number(line.toString().trim());
  expect(running(leftover)).toBe(true);
  await stopApps([asApp(app)], 100);
  await eventually(() => !running(leftover), 5_000, { what: 'the leftover killed' });
});

it('leaves alone a process that now has an exited app’s pid, and its group', async () => {
  // As after the pids wrapped: the app has exited and a group leader of someone else's (here a
  // sleep; in a test run, a PostgreSQL backend) has the same pid.
  const exitedApp = spawn('true', [], { stdio: 'ignore' });
  await once(exitedApp, 'exit');
  const stranger = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
  others.push(stranger);
  await stopApps([asApp(exitedApp, stranger.pid)], 100);
  // Our own child: a SIGKILL would show as its exit within a few milliseconds.
  const killed = await Promise.race([once(stranger, 'exit').then(() => true), sleep(300).then(() => false)]);
  expect(killed).toBe(false);
});

it('kills an app that does not stop on SIGTERM in time', async () => {
  const stubborn = spawn('sh', ['-c', "trap '' TERM; sleep 30 & wait"], { detached: true, stdio: 'ignore' });
  others.push(stubborn);
  await new Promise((resolve) => setTimeout(resolve, 100)); // the trap is set
  await stopApps([asApp(stubborn)], 200);
  expect(stubborn.signalCode).toBe('SIGKILL');
});
