import { normalizeDomain } from '@enrich/domain';
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

/** A domain as a client sent it (or a URL on it), normalised; 400 INVALID_DOMAIN with the reason when it names none. */
export function domainOrThrow(text: string): string {
  const normalized = normalizeDomain(text);
  if (!normalized.ok) {
    throw new AppError(ErrorCode.INVALID_DOMAIN, `not a valid company domain: ${normalized.message}`, {
      details: { reason: normalized.reason },
    });
  }
  return normalized.domain;
}
