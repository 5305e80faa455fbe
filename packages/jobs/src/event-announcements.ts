import { type SqlPool, sqlConnection } from '@enrich/db';
import { bullPrefix, type SharedState } from '@enrich/queue';
import { notifyEvent } from './event-announcements.queries';

/**
 * What the job store announces once a job's state change has committed, for the API's event
 * streams (GET /enrich/{jobId}/events, GET /enrich/bulk/{batchId}/events). The deployment's
 * shared store carries it (Redis pub/sub, or PostgreSQL NOTIFY), so whichever API replica
 * holds a stream hears it. Postgres stays the record: a stream reads it on (re)connect and
 * whenever a message is missing or out of order, so a lost message delays an event, never
 * loses it.
 */

/**
 * A job's events are its states, numbered: a stream resumed after event N sends those above N
 * that the job's row shows (started_at, then its end).
 */
export const JOB_EVENT_SEQ = { processing: 1, started: 2, ended: 3 } as const;
export type JobEventSeq = (typeof JOB_EVENT_SEQ)[keyof typeof JOB_EVENT_SEQ];

export interface ItemCounts {
  completed: number;
  failed: number;
  /** Still processing. */
  pending: number;
}

/** One item of a batch ended: the batch stream's event, complete (the API forwards it as it is). */
export interface BatchItemEnded {
  batchId: string;
  /** Its place in the order the batch's items ended (enrichment_jobs.end_seq); the event's id. */
  seq: number;
  item: { jobId: string; domain: string; status: 'completed' | 'failed'; error: { code: string; message: string } | null };
  /** The batch's items as they stood once this one ended: every item numbered up to `seq`, and those ended at admission. */
  counts: ItemCounts;
}

/** Channels under the deployment's (braced) queue prefix, like every other key it uses. */
export const jobEventChannel = (prefix: string, jobId: string): string => `${prefix}:events:job:${jobId}`;
export const batchEventChannel = (prefix: string, batchId: string): string => `${prefix}:events:batch:${batchId}`;

export interface JobEvents {
  /** The job reached state `seq` (the message is that number: the stream reads the rest from Postgres). */
  jobChanged(jobId: string, seq: JobEventSeq): Promise<void>;
  batchItemEnded(event: BatchItemEnded): Promise<void>;
  /**
   * The job ended, and with it `batchItem` of its batch when it has one: both messages at once
   * (one write to Redis instead of two, each a round trip a worker pays for every job).
   */
  jobEnded(jobId: string, batchItem: BatchItemEnded | null): Promise<void>;
}

type Message = readonly [channel: string, message: string];

export interface Publisher {
  publish(channel: string, message: string): Promise<unknown>;
  /** `messages` in order, sent together where the store allows it. */
  publishEach(messages: readonly Message[]): Promise<unknown>;
}

/** What redisJobEvents needs of an ioredis client. */
export interface RedisPublisher {
  publish(channel: string, message: string): Promise<unknown>;
}

// A worker's connection waits out outages; a step must not wait with it for a message that
// streams make up from Postgres anyway.
const PUBLISH_WAIT_MS = 1000;

/** The job store's announcements on `publisher`; one that fails or hangs is reported to `onError` and dropped. */
function announcer(publisher: Publisher, prefix: string, onError: (error: unknown) => void): JobEvents {
  const send = async (channels: string, sending: Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sending,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`publish on ${channels} took over ${PUBLISH_WAIT_MS} ms`)), PUBLISH_WAIT_MS);
        }),
      ]);
    } catch (error) {
      onError(error);
    } finally {
      clearTimeout(timer);
    }
  };
  const publish = ([channel, message]: Message) => send(channel, publisher.publish(channel, message));
  const jobMessage = (jobId: string, seq: JobEventSeq): Message => [jobEventChannel(prefix, jobId), String(seq)];
  const batchMessage = (event: BatchItemEnded): Message => [batchEventChannel(prefix, event.batchId), JSON.stringify(event)];
  return {
    jobChanged: (jobId, seq) => publish(jobMessage(jobId, seq)),
    batchItemEnded: (event) => publish(batchMessage(event)),
    jobEnded: (jobId, batchItem) => {
      const ended = jobMessage(jobId, JOB_EVENT_SEQ.ended);
      if (!batchItem) return publish(ended);
      const messages = [ended, batchMessage(batchItem)];
      return send(messages.map(([channel]) => channel).join(' and '), publisher.publishEach(messages));
    },
  };
}

/** Publishes on Redis, on the channels under `prefix` (braced: bullPrefix). */
export function redisJobEvents(redis: RedisPublisher, prefix: string, onError: (error: unknown) => void): JobEvents {
  const publisher: Publisher = {
    publish: (channel, message) => redis.publish(channel, message),
    // Sent in order in one turn of the event loop, so one wake-up serves every reply. Not an
    // ioredis pipeline: building one copies every script on the connection (BullMQ's, 64), and
    // that cost about 110 µs more CPU than the second command (measured against a local Redis).
    publishEach: (messages) => Promise.all(messages.map(([channel, message]) => redis.publish(channel, message))),
  };
  return announcer(publisher, prefix, onError);
}

/**
 * PostgreSQL allows a NOTIFY payload below 8000 bytes (NOTIFY_PAYLOAD_MAX_LENGTH); a longer one
 * is refused before it is sent, and the streams read what it said from Postgres.
 */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7999;

/**
 * A deployment has one NOTIFY channel (one LISTEN per API process, whatever its streams); each
 * notification carries the logical channel it would have had on Redis (`c`) and the message (`m`).
 */
export const notificationPayload = (channel: string, message: string): string => JSON.stringify({ c: channel, m: message });

/** A notification's logical channel and message; null when the payload is not one of ours. */
export function readNotification(payload: string | undefined): { channel: string; message: string } | null {
  if (payload === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { c, m } = parsed as Record<string, unknown>;
  return typeof c === 'string' && typeof m === 'string' ? { channel: c, message: m } : null;
}

/**
 * Notifies on the deployment's PostgreSQL `channel` (SharedState's), through `pool`, with the
 * logical channels under `prefix` (braced: bullPrefix, as the API's hub expects either way).
 */
export function postgresJobEvents(
  pool: Pick<SqlPool, 'query'>,
  channel: string,
  prefix: string,
  onError: (error: unknown) => void,
): JobEvents {
  const connection = sqlConnection(pool, 'notify-event');
  const notify = async (logical: string, message: string) => {
    const payload = notificationPayload(logical, message);
    const bytes = Buffer.byteLength(payload);
    if (bytes > NOTIFY_PAYLOAD_MAX_BYTES) {
      throw new Error(`notification on ${logical} not sent: ${bytes} bytes, over PostgreSQL's limit of ${NOTIFY_PAYLOAD_MAX_BYTES}`);
    }
    await notifyEvent.run({ channel, payload }, connection);
  };
  const publisher: Publisher = {
    publish: notify,
    publishEach: async (messages) => {
      for (const [logical, message] of messages) await notify(logical, message);
    },
  };
  return announcer(publisher, prefix, onError);
}

/** The announcements on the store the deployment chose (QUEUE_STORE). */
export function jobEvents(state: SharedState, onError: (error: unknown) => void): JobEvents {
  const prefix = bullPrefix(state.prefix);
  return state.kind === 'redis'
    ? redisJobEvents(state.redis, prefix, onError)
    : postgresJobEvents(state.pool, state.channel, prefix, onError);
}

/** For code that changes jobs with no stream to tell (tests, tools): streams still catch up from Postgres. */
export const noJobEvents: JobEvents = {
  jobChanged: async () => undefined,
  batchItemEnded: async () => undefined,
  jobEnded: async () => undefined,
};
