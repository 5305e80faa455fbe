import { z } from 'zod';

/** The sources a record is built from, in the order ties are broken in. */
export const SOURCE_NAMES = ['website', 'linkedin', 'ai'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];
export const sourceNameSchema = z.enum(SOURCE_NAMES);

export const isSourceName = (value: unknown): value is SourceName =>
  typeof value === 'string' && (SOURCE_NAMES as readonly string[]).includes(value);
