import { readFileSync } from 'node:fs';
import type { Monitor, MonitorInterval } from '../api-types';
import type { EnrichClient } from '../client';

// `enrich monitor add|list|pause|resume|remove` and `enrich changes <domain>`: plain lines for a
// terminal (tab-separated, a count on stderr), or with --json the API's answers (a list as one
// JSON object a line, as `search --json` prints).

export interface MonitorArgs {
  json: boolean;
  interval?: string;
  fields?: string[];
  csv?: string;
  domain?: string;
  state?: string;
}

const INTERVALS: readonly MonitorInterval[] = ['daily', 'weekly', 'monthly'];
const STATES: readonly Monitor['state'][] = ['active', 'paused', 'failing'];

/** A usage mistake: printed with the usage, exit 2. */
export class MonitorUsageError extends Error {}

const when = (iso: string | null) => iso ?? '-';
const stateOf = (m: Monitor) =>
  m.state === 'paused' ? `paused (${m.pausedReason ?? 'user'})` : m.state === 'failing' ? `failing (${m.lastError?.code ?? ''})` : m.state;
const line = (m: Monitor) =>
  [m.id, m.domain, m.interval, stateOf(m), when(m.lastCheckedAt), m.nextCheckAt, when(m.lastChangedAt)].join('\t');

export async function monitorCommand(client: EnrichClient, sub: string | undefined, rest: string[], args: MonitorArgs): Promise<number> {
  switch (sub) {
    case 'add':
      return add(client, rest, args);
    case 'list':
      return list(client, args);
    case 'pause':
    case 'resume':
    case 'remove':
      return change(client, sub, rest, args);
    default:
      throw new MonitorUsageError(`enrich monitor add|list|pause|resume|remove, not ${sub ?? '(nothing)'}`);
  }
}

async function add(client: EnrichClient, domains: string[], args: MonitorArgs): Promise<number> {
  const interval = args.interval as MonitorInterval | undefined;
  if (!interval || !INTERVALS.includes(interval)) throw new MonitorUsageError(`--interval is ${INTERVALS.join(', ')}`);
  if (domains.length > 0 === (args.csv !== undefined)) throw new MonitorUsageError('give domains, or --csv <file|->');
  // '-': the CSV on stdin.
  const input = args.csv === undefined ? domains : { csv: readFileSync(args.csv === '-' ? 0 : args.csv, 'utf8') };
  const answer = await client.monitors.add(input, { interval, fields: args.fields });
  if (args.json) console.log(JSON.stringify(answer, null, 2));
  else {
    for (const monitor of answer.added) console.log(line(monitor));
    for (const watched of answer.alreadyWatched) console.error(`already watched: ${watched.domain} (${watched.id})`);
  }
  for (const entry of answer.invalid) console.error(`invalid: ${String(entry.entry)}: ${entry.message}`);
  console.error(`${answer.added.length} added, ${answer.alreadyWatched.length} already watched, ${answer.invalid.length} invalid`);
  // As `enrich csv` does for a row that is not a domain: the run ends with a failure status.
  return answer.invalid.length > 0 ? 1 : 0;
}

async function list(client: EnrichClient, args: MonitorArgs): Promise<number> {
  const state = args.state as Monitor['state'] | undefined;
  if (state !== undefined && !STATES.includes(state)) throw new MonitorUsageError(`--state is ${STATES.join(', ')}`);
  let found = 0;
  if (!args.json) console.log(['id', 'domain', 'interval', 'state', 'last check', 'next check', 'last change'].join('\t'));
  for await (const monitor of client.monitors.list({ domain: args.domain, state })) {
    found += 1;
    console.log(args.json ? JSON.stringify(monitor) : line(monitor));
  }
  if (!args.json) console.error(`${found} monitors`);
  return 0;
}

/** Each argument a monitor id (mon_…) or a watched domain. */
async function change(client: EnrichClient, action: 'pause' | 'resume' | 'remove', targets: string[], args: MonitorArgs): Promise<number> {
  if (targets.length === 0) throw new MonitorUsageError(`give the monitors to ${action}: ids (mon_…) or domains`);
  let missing = 0;
  for (const target of targets) {
    const id = target.startsWith('mon_') ? target : await idOf(client, target);
    if (id === null) {
      console.error(`enrich: MONITOR_NOT_FOUND: ${target} is not watched`);
      missing += 1;
      continue;
    }
    if (action === 'remove') {
      await client.monitors.remove(id);
      if (args.json) console.log(JSON.stringify({ id, removed: true }));
      console.error(`removed ${id} (${target})`);
    } else {
      const monitor = await client.monitors[action](id);
      console.log(args.json ? JSON.stringify(monitor) : line(monitor));
    }
  }
  return missing > 0 ? 1 : 0;
}

async function idOf(client: EnrichClient, domain: string): Promise<string | null> {
  // The API normalises the domain filter as it does a submission.
  for await (const monitor of client.monitors.list({ domain })) return monitor.id;
  return null;
}

/** `enrich changes <domain>`: the company's history, newest first. */
export async function changesCommand(client: EnrichClient, domain: string, args: { json: boolean }): Promise<number> {
  const show = (value: unknown) => (value === null ? '-' : Array.isArray(value) ? value.join(', ') : String(value));
  let found = 0;
  for await (const change of client.changes(domain)) {
    found += 1;
    console.log(
      args.json
        ? JSON.stringify(change)
        : [change.observedAt, change.field, show(change.oldValue), show(change.newValue), change.sources.join(',')].join('\t'),
    );
  }
  if (!args.json) console.error(`${found} changes`);
  return 0;
}
