import type { NextFunction, Request, RequestHandler, Response } from 'express';

// Runs an express middleware as a step: resolves when it calls next(), rejects on next(error).
export function runMiddleware(handler: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    const next: NextFunction = (error?: unknown) => (error ? reject(error) : resolve());
    Promise.resolve(handler(req, res, next)).catch(reject);
  });
}
