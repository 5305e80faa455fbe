/**
 * What the job store announces once a job's state change has committed, for the API's event
 * streams (GET /enrich/{jobId}/events, GET /enrich/bulk/{batchId}/events). Redis pub/sub
 * carries it, so whichever API replica holds a stream hears it. Postgres stays the record: a
 * stream reads it on (re)connect and whenever a message is missing or out of order, so a lost
 * message delays an event, never loses it.
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
}

export interface Publisher {
  publish(channel: string, message: string): Promise<unknown>;
}

// A worker's Redis connection waits out outages; a step must not wait with it for a message
// that streams make up from Postgres anyway.
const PUBLISH_WAIT_MS = 1000;

/** Publishes on Redis; a publish that fails or hangs is reported to `onError` and dropped. */
export function redisJobEvents(redis: Publisher, prefix: string, onError: (error: unknown) => void): JobEvents {
  const publish = async (channel: string, message: string) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        redis.publish(channel, message),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`publish on ${channel} took over ${PUBLISH_WAIT_MS} ms`)), PUBLISH_WAIT_MS);
        }),
      ]);
    } catch (error) {
      onError(error);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    jobChanged: (jobId, seq) => publish(jobEventChannel(prefix, jobId), String(seq)),
    batchItemEnded: (event) => publish(batchEventChannel(prefix, event.batchId), JSON.stringify(event)),
  };
}

/** For code that changes jobs with no stream to tell (tests, tools): streams still catch up from Postgres. */
export const noJobEvents: JobEvents = {
  jobChanged: async () => undefined,
  batchItemEnded: async () => undefined,
};
