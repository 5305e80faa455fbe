import path from 'node:path';
import { dashboardEnv, databaseEnv, envBool, envInt, envString, logEnv, pipelineEnv, queueStoreEnv, shutdownEnv } from '@enrich/config';
import { metricsEnv } from '@enrich/metrics';
import { webhookEnv } from '@enrich/webhooks';
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
    // Failed dashboard sign-ins allowed per account (email) per SIGNIN_ACCOUNT_WINDOW_MS; per
    // address they count with the failed authentications above.
    SIGNIN_FAILURES_PER_ACCOUNT: envInt(10, 1, 100_000),
    SIGNIN_ACCOUNT_WINDOW_MS: envInt(15 * 60_000, 100, 86_400_000),
    // How long a process trusts a key or a dashboard session it has looked up (a revoked key,
    // or a sign-out in another process, takes effect within it).
    KEY_CACHE_MS: envInt(5_000, 0, 600_000),
    // An event stream's heartbeat comment (and its look at Postgres for a lost message) this often.
    SSE_HEARTBEAT_MS: envInt(15_000, 10, 600_000),
    // The dashboard's build, served at /dashboard/ (relative paths from the working directory).
    DASHBOARD_DIST: envString(path.resolve(__dirname, '../../dashboard/dist')).transform((dir) => path.resolve(dir)),
    // The operators' queue view at /admin/queues (admin/queue-view.ts): mounted only when this is
    // set, opened only by it (Bearer, or Basic with it as the password); empty counts as unset.
    OPERATOR_TOKEN: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || /^\S{24,}$/.test(value), 'must be at least 24 characters, without spaces'),
    // Whether the queue view may act (retry, clean, pause, add, remove); read-only when false.
    OPERATOR_CAN_ACT: envBool(false),
    // On SIGTERM, how long the process keeps serving after /readyz turned 503, so that load
    // balancers see it and stop sending requests before it stops accepting them.
    SHUTDOWN_DRAIN_MS: envInt(1000, 0, 600_000),
  })
  .extend(dashboardEnv.shape)
  .extend(databaseEnv.shape)
  .extend(queueStoreEnv.shape)
  .extend(pipelineEnv.shape)
  .extend(webhookEnv.shape)
  .extend(logEnv.shape)
  .extend(shutdownEnv.shape)
  // GET /metrics on a listener of its own (METRICS_PORT, METRICS_HOST, METRICS_TOKEN).
  .extend(metricsEnv(9464).shape);
export type ApiConfig = z.infer<typeof apiEnv>;
