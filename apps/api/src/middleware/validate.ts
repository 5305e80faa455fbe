import { AppError, ErrorCode } from '@enrich/errors';
import type { z } from 'zod';

// Zod issues become VALIDATION_ERROR details a program can read: where, and what is wrong.
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = details[0];
  const message = first ? `${what}: ${first.path ? `${first.path}: ` : ''}${first.message}` : `${what} is invalid`;
  throw new AppError(ErrorCode.VALIDATION_ERROR, message, { details });
}
