// Errors that mean Postgres or Redis cannot be reached, as the various clients report them.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'P1001', // Prisma: can't reach database server
  'P1002',
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
];

export function isDependencyFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof candidate.code === 'string' && NETWORK_CODES.has(candidate.code)) return true;
    if (typeof candidate.message === 'string' && MESSAGES.some((re) => re.test(candidate.message as string))) return true;
    // AggregateError from a failed connect to several addresses.
    if (Array.isArray(candidate.errors) && candidate.errors.some(isDependencyFailure)) return true;
    current = candidate.cause;
  }
  return false;
}
