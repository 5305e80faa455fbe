import type { AppContext } from '../app-context';
import type { RateLimits } from '../limits/rate-limits';
import type { PathParts } from '../openapi-parts';
import { routesOf } from './define-route';

/** What every route of the public API is built with; a router that needs more extends it. */
export interface ApiDeps {
  ctx: AppContext;
  limits: RateLimits;
}

/** defineRoute and defineRawRoute for routers whose routes need only ApiDeps. */
export const apiRoutes = routesOf<ApiDeps, PathParts>();
