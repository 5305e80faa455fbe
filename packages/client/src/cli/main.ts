import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { EnrichClient } from '../client';
import { EnrichError } from '../errors';
import { loadCliConfig, saveCliConfig } from './config';
import { csvCommand, DEFAULT_FIELDS, type OutputFormat } from './csv-command';
import { changesCommand, MonitorUsageError, monitorCommand } from './monitor-command';
import { formatRecord } from './record-text';

// `enrich`, the command line tool on the client. Arguments are read by Node's own util.parseArgs
// (no library: it covers flags, values and positionals, and is maintained with Node itself).

const USAGE = `enrich: the company enrichment API from the command line

  enrich login [--key KEY] [--base-url URL]     keep the API key (mode 0600); or set ENRICH_API_KEY
  enrich <domain> [--json] [--fields a,b]       enrich one domain and print its record
  enrich lookup <domain> [--json] [--fields …]  the team's stored record, without enriching
  enrich search <text> [--industry X] [--location X] [--json]
  enrich csv <in.csv|-> [-o out.csv|-] [--column website] [--format csv|json|ndjson] [--fields a,b] [--refresh]
      every row enriched, input columns kept in order, the record's fields appended (enrich_*),
      with enrich_status and enrich_error; interrupted, the same command resumes it
      (--chunk-size N: rows per batch, at most 1,000; --poll-ms N: how often progress is read)
  enrich monitor add <domain…> --interval daily|weekly|monthly [--fields a,b] [--json]
  enrich monitor add --csv <in.csv|-> --interval …   watch the domains of a CSV (a domain, website or url column)
  enrich monitor list [--domain X] [--state active|paused|failing] [--json]
  enrich monitor pause|resume|remove <id|domain>…
  enrich changes <domain> [--json]              the company's changes, newest first

Options: --base-url URL (or ENRICH_BASE_URL), --help`;

const OPTIONS = {
  key: { type: 'string' },
  'base-url': { type: 'string' },
  json: { type: 'boolean', default: false },
  fields: { type: 'string' },
  column: { type: 'string' },
  output: { type: 'string', short: 'o' },
  format: { type: 'string' },
  refresh: { type: 'boolean', default: false },
  industry: { type: 'string' },
  location: { type: 'string' },
  'poll-ms': { type: 'string' },
  'chunk-size': { type: 'string' },
  interval: { type: 'string' },
  csv: { type: 'string' },
  domain: { type: 'string' },
  state: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

class UsageError extends Error {}

const listOf = (value: string | undefined) =>
  value
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export async function main(argv: string[], env = process.env): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    console.error(`enrich: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadCliConfig(env);
  const baseUrl = values['base-url'] ?? config.baseUrl ?? 'http://localhost:3000';
  try {
    if (command === 'login') return await login(values.key, baseUrl, env);
    if (!config.apiKey) throw new UsageError('no API key: run `enrich login` or set ENRICH_API_KEY');
    const client = new EnrichClient({ baseUrl, apiKey: config.apiKey });
    const fields = listOf(values.fields);
    const print = (value: unknown) => console.log(values.json ? JSON.stringify(value, null, 2) : formatRecord(value));
    switch (command) {
      case 'lookup':
        print(await client.lookup(need(rest[0], 'a domain'), { fields }));
        return 0;
      case 'search': {
        let found = 0;
        for await (const company of client.search({
          q: rest.join(' ') || undefined,
          industry: values.industry,
          location: values.location,
          fields,
        })) {
          found += 1;
          console.log(values.json ? JSON.stringify(company) : `${company.domain}\t${'name' in company ? (company.name ?? '') : ''}`);
        }
        if (!values.json) console.error(`${found} companies`);
        return 0;
      }
      case 'monitor':
        return await monitorCommand(client, rest[0], rest.slice(1), {
          json: values.json,
          interval: values.interval,
          fields,
          csv: values.csv,
          domain: values.domain,
          state: values.state,
        });
      case 'changes':
        return await changesCommand(client, need(rest[0], 'a domain'), { json: values.json });
      case 'csv':
        return await csv(client, need(rest[0], 'an input file (or - for stdin)'), values, fields, baseUrl);
      default: {
        const job = await client.enrich(command, { fields, refresh: values.refresh });
        if (job.status === 'failed') {
          console.error(`enrich: ${job.domain} failed: ${job.error.code}: ${job.error.message}`);
          return 1;
        }
        print(job.data);
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`enrich: ${error.message}`);
      return 2;
    }
    if (error instanceof MonitorUsageError) {
      console.error(`enrich: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof EnrichError) {
      console.error(`enrich: ${error.code}: ${error.message}${error.requestId ? ` (request ${error.requestId})` : ''}`);
      return 1;
    }
    console.error(`enrich: ${(error as Error).message}`);
    return 1;
  }
}

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`give ${what}\n\n${USAGE}`);
  return value;
}

async function login(key: string | undefined, baseUrl: string, env: NodeJS.ProcessEnv): Promise<number> {
  let apiKey = key;
  if (!apiKey) {
    const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY });
    apiKey = (await prompt.question('API key: ')).trim();
    prompt.close();
  }
  if (!apiKey) throw new UsageError('no key given');
  const usage = await new EnrichClient({ baseUrl, apiKey }).usage();
  const file = saveCliConfig({ apiKey, baseUrl }, env);
  console.error(`enrich: logged in (${usage.plan} plan, ${usage.month.enrichments} enrichments this month); key kept in ${file}`);
  return 0;
}

async function csv(
  client: EnrichClient,
  input: string,
  values: Record<string, unknown>,
  fields: string[] | undefined,
  baseUrl: string,
): Promise<number> {
  const format =
    (values.format as string | undefined) ??
    (String(values.output ?? '').endsWith('.ndjson') ? 'ndjson' : String(values.output ?? '').endsWith('.json') ? 'json' : 'csv');
  if (!['csv', 'json', 'ndjson'].includes(format)) throw new UsageError(`--format is csv, json or ndjson, not ${format}`);
  const controller = new AbortController();
  // The first Ctrl-C stops the run where it can be resumed; a second one leaves at once.
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort(new Error('interrupted'));
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  try {
    return await csvCommand(
      client,
      {
        input,
        output: (values.output as string | undefined) ?? '-',
        column: values.column as string | undefined,
        format: format as OutputFormat,
        fields: fields ?? DEFAULT_FIELDS,
        refresh: values.refresh === true,
        pollIntervalMs: Number(values['poll-ms'] ?? 1000),
        chunkSize: values['chunk-size'] === undefined ? undefined : Number(values['chunk-size']),
        resumeCommand: [
          'enrich',
          ...process.argv.slice(2).filter((arg) => !arg.startsWith('--base-url')),
          ...(process.argv.some((a) => a.startsWith('--base-url')) ? [`--base-url ${baseUrl}`] : []),
        ].join(' '),
        signal: controller.signal,
      },
      (line) => console.error(line),
    );
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
  }
}
