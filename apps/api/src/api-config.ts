import path from 'node:path';
import { databaseEnv, envInt, envString, logEnv, pipelineEnv, redisEnv } from '@enrich/config';
import { z } from 'zod';

const byteSize = (fallback: string) => envString(fallback).refine((v) => /^\d+(b|kb|mb)$/i.test(v), 'must look like 256kb or 1mb');

export const apiEnv = z
  .object({
    PORT: envInt(3000, 0, 65_535),
    HOST: envString('0.0.0.0'),
    BODY_LIMIT: byteSize('256kb'),
    // A bulk request carries up to 1,000 domains or URLs, as JSON or CSV.
    BULK_BODY_LIMIT: byteSize('2mb'),
    // Length of the "per minute" and "per day" rate-limit windows; shortened only by tests.
    RATE_LIMIT_MINUTE_MS: envInt(60_000, 100, 3_600_000),
    RATE_LIMIT_DAY_MS: envInt(86_400_000, 100, 7 * 86_400_000),
    // Failed authentications allowed per address per minute window.
    AUTH_FAILURES_PER_MINUTE: envInt(30, 1, 100_000),
    // The dashboard's build, served at /dashboard/ (relative paths from the working directory).
    DASHBOARD_DIST: envString(path.resolve(__dirname, '../../dashboard/dist')).transform((dir) => path.resolve(dir)),
  })
  .extend(databaseEnv.shape)
  .extend(redisEnv.shape)
  .extend(pipelineEnv.shape)
  .extend(logEnv.shape);
export type ApiConfig = z.infer<typeof apiEnv>;
