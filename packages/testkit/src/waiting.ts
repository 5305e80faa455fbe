import { setTimeout } from 'node:timers/promises';

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => setTimeout(ms);

export interface EventuallyOptions {
  /** Milliseconds between two looks. Default 25. */
  every?: number;
  /** What is awaited, for the error. */
  what?: string;
}

/**
 * Looks at `check` until it holds, every `every` ms; fails once it still does not after
 * `timeoutMs`. For what happens elsewhere (another process, a socket's close, a log line)
 * with no event to wait on.
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  { every = 25, what = 'condition' }: EventuallyOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not true within ${timeoutMs} ms`);
    await sleep(every);
  }
}
