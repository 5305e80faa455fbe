import { envBool, envInt, envString } from '@enrich/config';
import { z } from 'zod';

// Settings of the Chromium fallback, used only for homepages that are JavaScript shells.
export const renderEnv = z.object({
  /** Off: shells are kept as fetched (no browser is ever launched). */
  RENDER_ENABLED: envBool(true),
  CHROMIUM_PATH: envString('/usr/bin/chromium'),
  /** Pages open at once per worker process; each costs tens of MB in the browser. */
  RENDER_MAX_PAGES: envInt(2, 1, 16),
  /** Pages rendered before the browser is relaunched, to shed leaked memory. */
  RENDER_RECYCLE_AFTER: envInt(50, 1, 10_000),
  /** Deadline of one render, every request the page makes included. */
  RENDER_TIMEOUT_MS: envInt(15_000, 1_000, 120_000),
  /** Fewer visible words than this (with scripts present) marks a fetched page as a shell. */
  RENDER_MIN_WORDS: envInt(50, 0, 10_000),
});

export type RenderEnv = z.infer<typeof renderEnv>;
