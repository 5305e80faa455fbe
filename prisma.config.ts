import { defineConfig } from 'prisma/config';

// Used by the Prisma CLI only (generate, and migrate where its engine can be downloaded).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/enrichment' },
});
