import { envBool, envInt } from '@enrich/config';
import { z } from 'zod';

// The LinkedIn source's settings. The rate and the cooldowns are fleet-wide (shared in Redis):
// LinkedIn blocks an address that asks too often, whichever worker process asked.
export const linkedInEnv = z.object({
  /** false: the source is skipped and no request goes to LinkedIn. */
  LINKEDIN_ENABLED: envBool(true),
  /** Requests to LinkedIn per rolling minute, across every worker. */
  LINKEDIN_REQUESTS_PER_MINUTE: envInt(20, 1, 600),
  /** Longest a job waits for a request slot; past it the source reports rate_limited. */
  LINKEDIN_MAX_WAIT_MS: envInt(10_000, 0, 120_000),
  /** First fleet-wide cooldown after a refusal without Retry-After; doubles with each refusal in a row. */
  LINKEDIN_BACKOFF_BASE_MS: envInt(60_000, 1_000, 3_600_000),
});

export type LinkedInEnv = z.infer<typeof linkedInEnv>;
