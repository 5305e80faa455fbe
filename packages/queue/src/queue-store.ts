import { createHash } from 'node:crypto';
import {
  createPostgresBackend,
  FlowProducer,
  type Job,
  type Processor,
  Queue,
  runMigrations,
  type Telemetry,
  Worker,
  type WorkerOptions,
} from 'bullmq';
import pg from 'pg';
import { BatchedReads } from './batched-reads';
import type { QueueName } from './job-catalog';
import { bullPrefix, pingDeployment } from './queue-prefix';
import { type ConnectionRole, createRedisConnection, type RedisClient, type RedisTopology } from './redis-connection';
import { eventChannel, type QueueStoreKind, queueSchema, type SharedState } from './shared-state';

/** What a process gives a worker; the connection and the namespace are the store's. */
export type StepWorkerSettings = Omit<WorkerOptions, 'connection' | 'prefix' | 'telemetry'>;

/**
 * BullMQ's queues, flows and workers on the store the deployment chose (QUEUE_STORE): the same
 * Queue, FlowProducer and Worker classes either way, so the workers, flows, retries and the
 * reconciler are one code. Built once per process and passed in; it owns what it opens: one
 * Queue per queue name and one FlowProducer per process, shared by whoever asks, closed by
 * close(). Workers are each the caller's to close (before the store).
 */
export interface QueueStore {
  readonly kind: QueueStoreKind;
  /** The deployment's QUEUE_PREFIX. */
  readonly prefix: string;
  /** Where the other shared state lives (event streams, rate-limit windows, …): the same store. */
  readonly state: SharedState;
  /** The process's Queue of `name`, made on first use. */
  queue(name: QueueName): Queue;
  /** The process's FlowProducer, made on first use. */
  flows(): FlowProducer;
  worker(name: QueueName, processor: Processor, settings: StepWorkerSettings): Worker;
  /** Resolves when the store answers (readiness, heartbeats); rejects when it does not. */
  ping(): Promise<void>;
  /**
   * False while the store is known to be unreachable, so that a producer refuses at once
   * instead of waiting for it (Redis: the producer connection is not ready).
   */
  isAvailable(): boolean;
  /**
   * The latest end (ms) among a flow parent's ended children; 0 when none has ended (queue-wait).
   * In Redis, parents asked within a second of each other are read in one call.
   */
  latestChildEnd(job: Job): Promise<number>;
  close(): Promise<void>;
}

export interface QueueStoreConfig {
  QUEUE_STORE: QueueStoreKind;
  QUEUE_PREFIX: string;
  REDIS_URL: string;
  REDIS_CLUSTER: boolean;
  DATABASE_URL: string;
}

export interface QueueStoreOptions {
  /** Producers fail fast (they sit behind HTTP requests); workers wait outages out. */
  role: ConnectionRole;
  /** BullMQ's spans when traces are on (@enrich/telemetry). */
  telemetry?: Telemetry;
  /**
   * PostgreSQL mode: the pool that runs the shared state's statements (rate-limit windows,
   * the LinkedIn throttle, event announcements): the process's Prisma pool (sqlPool(db)).
   */
  sharedPool?: pg.Pool;
}

/** Opens the store `config.QUEUE_STORE` names; in PostgreSQL mode its schema is created or migrated first. */
export async function openQueueStore(config: QueueStoreConfig, options: QueueStoreOptions): Promise<QueueStore> {
  if (config.QUEUE_STORE === 'redis') {
    const redis = createRedisConnection(config.REDIS_URL, options.role, { cluster: config.REDIS_CLUSTER } satisfies RedisTopology);
    return new RedisQueueStore(redis, config.QUEUE_PREFIX, options.telemetry);
  }
  if (!options.sharedPool) throw new Error('openQueueStore: the PostgreSQL queue store needs the process pool (sharedPool)');
  const store = new PostgresQueueStore(config.DATABASE_URL, config.QUEUE_PREFIX, options.sharedPool, options.telemetry);
  await store.migrate();
  return store;
}

/** One Queue per name and one FlowProducer, made on first use: the part both stores share. */
abstract class BullQueues {
  private readonly queues = new Map<QueueName, Queue>();
  private flowProducer: FlowProducer | undefined;
  private closing: Promise<void> | undefined;

  protected abstract makeQueue(name: QueueName): Queue;
  protected abstract makeFlows(): FlowProducer;
  /** Lets go of the store's own connections, once its queues are closed. */
  protected abstract disconnect(): Promise<void>;

  /** Closes the queues, then the connections; a second call (a second signal) waits for the first. */
  close(): Promise<void> {
    this.closing ??= this.closeQueues().then(() => this.disconnect());
    return this.closing;
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = this.makeQueue(name);
      // Outages show in /readyz, heartbeats and failing calls; an unheard 'error' would crash.
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  flows(): FlowProducer {
    if (!this.flowProducer) {
      this.flowProducer = this.makeFlows();
      this.flowProducer.on('error', () => undefined);
    }
    return this.flowProducer;
  }

  private async closeQueues(): Promise<void> {
    await Promise.all([...this.queues.values(), this.flowProducer].map((each) => each?.close().catch(() => undefined)));
  }
}

// The latest finishedOn among the children of each flow parent in KEYS: those that completed
// (`:processed`) and those that failed without failing it (`:failed`, ignoreDependencyOnFailure).
// Every queue of a deployment shares one hash tag (bullPrefix), so the children's keys are in the
// parents' slot.
const LATEST_CHILD_ENDS = `
local ends = {}
for k = 1, #KEYS do
  local latest = 0
  for _, suffix in ipairs({':processed', ':failed'}) do
    local children = redis.call('HKEYS', KEYS[k] .. suffix)
    for i = 1, #children do
      local at = tonumber(redis.call('HGET', children[i], 'finishedOn'))
      if at and at > latest then latest = at end
    end
  end
  ends[k] = latest
end
return ends
`;
const LATEST_CHILD_ENDS_SHA = createHash('sha1').update(LATEST_CHILD_ENDS).digest('hex');
// Flow parents taken within this long of each other have their children's ends read in one
// call: a round trip per parent (two per domain) cost more CPU than the reads. The metric it
// feeds is observed up to this much later.
const CHILD_END_READ_WINDOW_MS = 1000;

/** The queues in Redis (or a Redis Cluster), every key under the braced QUEUE_PREFIX. */
export class RedisQueueStore extends BullQueues implements QueueStore {
  readonly kind = 'redis';
  readonly state: SharedState;
  private readonly childEnds = new BatchedReads((keys: string[]) => this.readChildEnds(keys), CHILD_END_READ_WINDOW_MS);

  constructor(
    readonly redis: RedisClient,
    readonly prefix: string,
    private readonly telemetry?: Telemetry,
  ) {
    super();
    this.state = { kind: 'redis', prefix, redis };
  }

  protected makeQueue(name: QueueName): Queue {
    return new Queue(name, { connection: this.redis, prefix: bullPrefix(this.prefix), telemetry: this.telemetry });
  }

  protected makeFlows(): FlowProducer {
    return new FlowProducer({ connection: this.redis, prefix: bullPrefix(this.prefix), telemetry: this.telemetry });
  }

  worker(name: QueueName, processor: Processor, settings: StepWorkerSettings): Worker {
    return new Worker(name, processor, { ...settings, connection: this.redis, prefix: bullPrefix(this.prefix), telemetry: this.telemetry });
  }

  async ping(): Promise<void> {
    await pingDeployment(this.redis, this.prefix);
  }

  isAvailable(): boolean {
    return this.redis.status === 'ready';
  }

  latestChildEnd(job: Job): Promise<number> {
    return this.childEnds.read(`${job.queueQualifiedName}:${job.id}`);
  }

  private async readChildEnds(keys: string[]): Promise<number[]> {
    let ends: unknown;
    try {
      ends = await this.redis.evalsha(LATEST_CHILD_ENDS_SHA, keys.length, ...keys);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      ends = await this.redis.eval(LATEST_CHILD_ENDS, keys.length, ...keys);
    }
    return (ends as unknown[]).map(Number);
  }

  protected async disconnect(): Promise<void> {
    this.childEnds.flush();
    this.redis.disconnect();
  }
}

// Connections per BullMQ object: BullMQ's PostgreSQL backend gives each Queue, FlowProducer and
// Worker a pool of its own (a worker also holds one LISTEN connection outside it), and a shared
// pool would pin the schema to BullMQ's default. Small pools keep a process's total modest.
const PRODUCER_POOL_MAX = 4;
const WORKER_POOL_MAX = 4;
// Producers sit behind HTTP requests: a database that does not answer fails them in this time.
const CONNECT_TIMEOUT_MS = 3000;

/**
 * The queues in PostgreSQL through BullMQ's own PostgreSQL backend, in the schema
 * queueSchema(QUEUE_PREFIX) of the service's database; the shared state in the same database.
 */
export class PostgresQueueStore extends BullQueues implements QueueStore {
  readonly kind = 'postgres';
  readonly state: SharedState;
  readonly schema: string;
  // Its own small pool for the schema's migration and the store's few reads of BullMQ's tables.
  private readonly pool: pg.Pool;

  constructor(
    private readonly databaseUrl: string,
    readonly prefix: string,
    sharedPool: pg.Pool,
    private readonly telemetry?: Telemetry,
  ) {
    super();
    this.schema = queueSchema(prefix);
    this.state = { kind: 'postgres', prefix, pool: sharedPool, databaseUrl, channel: eventChannel(prefix) };
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 2,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      options: `-c search_path=${this.schema}`,
    });
    this.pool.on('error', () => undefined); // a dropped idle connection; the next query reconnects
  }

  /** Creates the schema or brings it to this BullMQ's version (serialised across processes by BullMQ's advisory lock). */
  async migrate(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await runMigrations(client, this.schema);
    } finally {
      client.release();
    }
  }

  private connection(max: number) {
    return { connectionString: this.databaseUrl, schema: this.schema, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS };
  }

  // The classes' API is the same on either backend; their type parameters differ only in the
  // backend and connection types, so the rest of the code holds them as the default ones.
  protected makeQueue(name: QueueName): Queue {
    const queue = new Queue(name, { connection: this.connection(PRODUCER_POOL_MAX), telemetry: this.telemetry }, createPostgresBackend);
    return queue as unknown as Queue;
  }

  protected makeFlows(): FlowProducer {
    const flows = new FlowProducer({ connection: this.connection(PRODUCER_POOL_MAX), telemetry: this.telemetry }, createPostgresBackend);
    return flows as unknown as FlowProducer;
  }

  worker(name: QueueName, processor: Processor, settings: StepWorkerSettings): Worker {
    const options = { ...settings, connection: this.connection(WORKER_POOL_MAX), telemetry: this.telemetry };
    return new Worker(name, processor, options, createPostgresBackend) as unknown as Worker;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  isAvailable(): boolean {
    return true; // a database that does not answer fails the producer within CONNECT_TIMEOUT_MS
  }

  async latestChildEnd(job: Job): Promise<number> {
    // BullMQ's own tables (job_dependency, job), read directly: its API gives one child at a time.
    const { rows } = await this.pool.query<{ latest: string | null }>(
      `SELECT max(child.finished_at_ms) AS latest
         FROM job_dependency dep
         JOIN job child ON child.queue = dep.child_queue AND child.id = dep.child_id
        WHERE dep.parent_queue = $1 AND dep.parent_id = $2 AND dep.status <> 'pending'`,
      [job.queueName, job.id],
    );
    return Number(rows[0]?.latest ?? 0);
  }

  protected async disconnect(): Promise<void> {
    await this.pool.end();
  }
}
