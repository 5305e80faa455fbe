import path from 'node:path';
import { AppError, ErrorCode } from '@enrich/errors';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { methodNotAllowed } from '../middleware/error-handler';

/** The dashboard's pages allow nothing but their own origin (plus images from https). */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

// Vite writes content-hashed file names under assets/: safe to keep for a year.
const ASSETS = '/assets/';
const LONG_CACHE = 'public, max-age=31536000, immutable';

const NOT_BUILT =
  'The dashboard has not been built. Run `npm run build:dashboard` (or `npm start`, which builds it when its sources change), then reload.\n';

function pageHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
}

const isApi = (subPath: string) => subPath === '/api' || subPath.startsWith('/api/');

/**
 * The dashboard app (apps/dashboard's Vite build, `distDir`) at /dashboard/: its files as
 * they are, and index.html for every other path (the app routes on the client), except
 * /dashboard/api/*, which is the API's, and a missing file under assets/, which is a 404
 * rather than a page in place of a script. index.html and unhashed files are revalidated on
 * every load (no-cache), so a new build shows at once. `GET /` from a browser goes to the app.
 * Without a build, 503 with what to run. Mounted after the API's routes.
 */
export function dashboardApp(distDir: string): Router {
  const router = Router();
  const files = express.static(distDir, {
    index: false,
    redirect: false,
    setHeaders(res, file) {
      const hashed = `/${path.relative(distDir, file).split(path.sep).join('/')}`.startsWith(ASSETS);
      res.setHeader('Cache-Control', hashed ? LONG_CACHE : 'no-cache');
    },
  });
  const index = path.join(distDir, 'index.html');

  const sendIndex = (res: Response, next: NextFunction) => {
    res.sendFile(index, { cacheControl: false, headers: { 'Cache-Control': 'no-cache' } }, (error?: Error & { code?: string }) => {
      if (!error || res.headersSent) return;
      if (error.code !== 'ENOENT' && error.code !== 'ENOTDIR') return next(error);
      res.status(503).type('text/plain').send(NOT_BUILT);
    });
  };

  router.get('/', (req, res, next) => {
    // Programs asking for JSON (or anything) keep the API's answer; a browser gets the app.
    if (req.accepts(['application/json', 'text/html']) === 'text/html') return res.redirect(302, '/dashboard/');
    next();
  });

  router.use('/dashboard', (req: Request, res: Response, next: NextFunction) => {
    if (isApi(req.path)) return next();
    if (req.originalUrl === '/dashboard' || req.originalUrl.startsWith('/dashboard?')) {
      return res.redirect(302, `/dashboard/${req.originalUrl.slice('/dashboard'.length)}`);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD'])(req, res, next);
    pageHeaders(res);
    files(req, res, (error?: unknown) => {
      // send refuses a path it will not serve (`..`, a malformed one) with a 4xx: not found here.
      const status = (error as { status?: number } | undefined)?.status;
      if (error && !(status && status < 500)) return next(error);
      if (error || req.path.startsWith(ASSETS)) return next(new AppError(ErrorCode.NOT_FOUND, `no file ${req.path} in the dashboard`));
      sendIndex(res, next);
    });
  });
  return router;
}
