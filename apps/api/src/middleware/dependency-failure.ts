// Errors that mean Postgres or Redis cannot be reached, as the various clients report them.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'P1000', // Prisma: authentication failed against the database server
  'P1001', // Prisma: can't reach database server
  'P1002',
  'P1003', // Prisma: database does not exist
  'P1010', // Prisma: access denied
  '53300', // Postgres: too many connections
  'P1017', // Prisma: server closed the connection
  'P2024', // Prisma: timed out fetching a connection from the pool
  '57P01', // Postgres: admin shutdown
  '57P03', // Postgres: cannot connect now
  '3D000', // Postgres: database does not exist
]);
const MESSAGES = [
  /connection is closed/i,
  /stream isn't writeable/i,
  /enableOfflineQueue/i,
  /reached the max retries per request/i,
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /can't reach database server/i,
  /DatabaseNotReachable/i,
  /ECONNREFUSED/,
  // Redis Cluster (REDIS_CLUSTER): a slot whose master is gone, or a cluster refusing commands.
  /Too many Cluster redirections/i,
  /CLUSTERDOWN/,
  /None of startup nodes is available/i,
  /Failed to refresh slots cache/i,
];

export function isDependencyFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth += 1) {
    const candidate = current as {
      code?: unknown;
      originalCode?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    for (const code of [candidate.code, candidate.originalCode]) {
      if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    }
    if (typeof candidate.message === 'string' && MESSAGES.some((re) => re.test(candidate.message as string))) return true;
    // AggregateError from a failed connect to several addresses.
    if (Array.isArray(candidate.errors) && candidate.errors.some(isDependencyFailure)) return true;
    // Prisma's driver-adapter errors keep the database's own error under meta.
    current = candidate.cause ?? candidate.meta?.driverAdapterError;
  }
  return false;
}
