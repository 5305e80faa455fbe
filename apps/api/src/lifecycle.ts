import type { RequestHandler } from 'express';

/**
 * Whether this API process still takes new work. From SIGTERM on it is draining: GET /readyz
 * answers 503 at once so load balancers take it out of rotation, and every answer says
 * `Connection: close` so clients' kept-alive connections move to another replica, while the
 * requests already here are finished (main.ts's shutdown).
 */
export class Lifecycle {
  private drained = false;

  get draining(): boolean {
    return this.drained;
  }

  drain(): void {
    this.drained = true;
  }
}

/** While draining, each answer closes its connection, so the client's next request goes elsewhere. */
export function closeConnectionsWhenDraining(lifecycle: Lifecycle): RequestHandler {
  return (_req, res, next) => {
    if (lifecycle.draining) res.setHeader('Connection', 'close');
    next();
  };
}
