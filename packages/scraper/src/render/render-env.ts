import { existsSync } from 'node:fs';
import { envBool, envInt } from '@enrich/config';
import { z } from 'zod';

/**
 * Where Chromium is looked for when CHROMIUM_PATH is not set, lightest first: Debian's headless
 * shell (package chromium-headless-shell: the browser without its UI, measured at about a third
 * of the full browser's CPU per render and half its processes), then the full browser (package
 * chromium).
 */
export const CHROMIUM_CANDIDATES = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'] as const;

/** The first candidate that exists; the full browser's path when none does (its launch then says so). */
export const defaultChromiumPath = (exists: (path: string) => boolean = existsSync): string =>
  CHROMIUM_CANDIDATES.find((path) => exists(path)) ?? '/usr/bin/chromium';

// Settings of the Chromium fallback, used only for homepages that are JavaScript shells.
export const renderEnv = z.object({
  /** Off: shells are kept as fetched (no browser is ever launched). */
  RENDER_ENABLED: envBool(true),
  /** Default: the first of CHROMIUM_CANDIDATES installed. */
  CHROMIUM_PATH: z
    .string()
    .trim()
    .min(1)
    .default(() => defaultChromiumPath()),
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
