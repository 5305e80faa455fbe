import { AppError, ErrorCode } from '@enrich/errors';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** BODY_LIMIT / BULK_BODY_LIMIT (`256kb`, `2mb`: api-config.ts) in bytes, as body-parser reads them. */
export function byteLimit(limit: string): number {
  const match = /^(\d+)(b|kb|mb)$/i.exec(limit);
  if (!match) throw new Error(`not a byte size: ${limit}`);
  return Number(match[1]) * UNITS[match[2]!.toLowerCase()]!;
}

const tooLarge = (limit: string) => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `request body is larger than ${limit}`);

/**
 * Reads the body with a body-parser middleware, adding what body-parser does late or not at all:
 * - a Content-Length over the limit is refused at once; body-parser would first read off every
 *   byte declared (the error handler then closes the connection rather than read them);
 * - bytes that do not decompress as their Content-Encoding says are INVALID_CONTENT_ENCODING;
 *   body-parser passes zlib's error on as a bare 400.
 * The limit holds for the body as sent and, through body-parser, as decompressed.
 */
export function readBody(parser: RequestHandler, limit: string): RequestHandler {
  const max = byteLimit(limit);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (declaredLength(req) > max) {
      next(tooLarge(limit));
      return;
    }
    const encoding = (req.headers['content-encoding'] || 'identity').trim().toLowerCase();
    parser(req, res, (error?: unknown) => {
      // body-parser's own errors carry a `type` (error-handler.ts); a decompression stream's do not.
      if (error && encoding !== 'identity' && (error as { type?: unknown }).type === undefined) {
        next(
          new AppError(ErrorCode.INVALID_CONTENT_ENCODING, 'the request body could not be decompressed as its Content-Encoding says', {
            details: { contentEncoding: encoding.slice(0, 32) },
          }),
        );
        return;
      }
      next(error);
    });
  };
}

function declaredLength(req: Request): number {
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) ? length : 0;
}

// POST bodies must be JSON; anything else is refused with a code rather than read as empty.
export function jsonBody(limit: string, hint = 'send the request body as JSON with Content-Type: application/json') {
  const max = byteLimit(limit);
  const parse = readBody(express.json({ limit, strict: true, type: () => true }), limit);
  return (req: Request, res: Response, next: NextFunction): void => {
    const hasBody = req.headers['transfer-encoding'] !== undefined || declaredLength(req) > 0;
    if (!hasBody) {
      // An empty POST is a missing field, not a wrong media type: validation says what is missing.
      req.body = {};
      next();
      return;
    }
    // Too large is answered first, without reading the body, whatever its type.
    if (declaredLength(req) > max) {
      next(tooLarge(limit));
      return;
    }
    if (!req.is('application/json') && !req.is('application/*+json')) {
      next(new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, hint));
      return;
    }
    parse(req, res, next);
  };
}
