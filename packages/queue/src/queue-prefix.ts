// BullMQ prefixes every key with this. The braces make it a Redis Cluster hash tag, so all
// queues of a flow (parent in one queue, children in another) live in one slot, which
// BullMQ's multi-key scripts need.
export const bullPrefix = (queuePrefix: string): string => `{${queuePrefix}}`;
