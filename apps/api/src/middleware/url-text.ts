import { isStorableText } from '@enrich/db';
import { AppError, ErrorCode } from '@enrich/errors';
import type { NextFunction, Request, Response } from 'express';

const refuse = (path: string, message: string) =>
  new AppError(ErrorCode.VALIDATION_ERROR, `${path === 'path' ? 'path' : `query: ${path}`}: ${message}`, { details: [{ path, message }] });

const UNSTORABLE = 'must not hold U+0000 or a lone surrogate';

/** A path the router cannot decode. */
export const badPathEncoding = () =>
  refuse('path', 'not valid percent-encoding (a % not followed by two hex digits, or bytes that are not UTF-8)');

/**
 * The one check of the text in a URL, on every route before any handler reads it: a path
 * that is not valid percent-encoding (`/enrich/%zz`, `/enrich/%ff%fe`), or a path or query
 * parameter (name or value) that decodes to U+0000 or a lone surrogate, which PostgreSQL
 * cannot take (`/enrich/bulk/%00`, `?industry=%00`), is 400 VALIDATION_ERROR. Without a `%`
 * in the URL there is nothing to check: Node refuses raw control characters itself.
 */
export function checkUrlText(req: Request, _res: Response, next: NextFunction): void {
  if (!req.url.includes('%')) {
    next();
    return;
  }
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    next(badPathEncoding());
    return;
  }
  if (!isStorableText(path)) {
    next(refuse('path', UNSTORABLE));
    return;
  }
  for (const [name, value] of Object.entries(req.query as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    if (!isStorableText(name) || values.some((item) => typeof item === 'string' && !isStorableText(item))) {
      next(refuse(name, UNSTORABLE));
      return;
    }
  }
  next();
}
