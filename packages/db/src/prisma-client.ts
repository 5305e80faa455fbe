import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client';

export type Db = PrismaClient;

export function createPrismaClient(databaseUrl: string, options: { maxConnections?: number } = {}): Db {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    // Fail fast when Postgres is gone so requests answer 503 instead of hanging.
    connectionTimeoutMillis: 3000,
  });
  return new PrismaClient({ adapter });
}
