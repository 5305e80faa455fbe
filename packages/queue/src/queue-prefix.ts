import type { Redis } from 'ioredis';

// BullMQ prefixes every key with this. The braces make it a Redis Cluster hash tag, so all
// queues of a flow (parent in one queue, children in another) live in one slot, which
// BullMQ's multi-key scripts need.
export const bullPrefix = (queuePrefix: string): string => `{${queuePrefix}}`;

// Deletes every key of a deployment prefix (queues, rate-limit counters, locks): used by tests
// and benchmarks to leave a shared Redis as they found it.
export async function removePrefixKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${bullPrefix(prefix)}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.unlink(...keys);
  } while (cursor !== '0');
}
