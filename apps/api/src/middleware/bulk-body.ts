import { AppError, ErrorCode } from '@enrich/errors';
import express, { type NextFunction, type Request, type Response } from 'express';
import { jsonBody, readBody } from './json-body';

// A bulk request arrives as JSON ({"domains": [...]}) or as a CSV file (text/csv).
export function bulkBody(limit: string) {
  const json = jsonBody(limit, 'send {"domains": [...]} as application/json, or a CSV file as text/csv');
  const csv = readBody(express.text({ limit, type: () => true, defaultCharset: 'utf-8' }), limit);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.is('text/csv') || req.is('application/csv')) {
      csv(req, res, (error?: unknown) => {
        if (error) return next(error);
        if (typeof req.body !== 'string') return next(new AppError(ErrorCode.INVALID_CSV, 'the CSV body could not be read'));
        next();
      });
      return;
    }
    json(req, res, next);
  };
}
