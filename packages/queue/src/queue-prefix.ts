import { isCluster, type RedisClient, waitUntilConnected } from './redis-connection';

// BullMQ prefixes every key with this. The braces make it a Redis Cluster hash tag, so all
// queues of a flow (parent in one queue, children in another) live in one slot, which
// BullMQ's multi-key scripts need.
export const bullPrefix = (queuePrefix: string): string => `{${queuePrefix}}`;

// Deletes every key of a deployment prefix (queues, rate-limit counters, locks): used by tests
// and benchmarks to leave a shared Redis as they found it. On a cluster SCAN sees one node, so
// every master is scanned; the keys share the prefix's slot, so one UNLINK takes a page of them.
export async function removePrefixKeys(redis: RedisClient, prefix: string): Promise<void> {
  if (isCluster(redis)) await waitUntilConnected(redis, 5000); // its nodes are known once it is ready
  for (const node of isCluster(redis) ? redis.nodes('master') : [redis]) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', `${bullPrefix(prefix)}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await node.unlink(...keys);
    } while (cursor !== '0');
  }
}

// Answers when the Redis holding the deployment's keys answers. On a cluster a PING reaches
// any one node, so this reads a key of the prefix's slot instead: it fails when that slot's
// master is down or the cluster refuses commands (CLUSTERDOWN).
export function pingDeployment(redis: RedisClient, prefix: string): Promise<unknown> {
  return isCluster(redis) ? redis.exists(`${bullPrefix(prefix)}:ping`) : redis.ping();
}
