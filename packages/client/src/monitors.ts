import type { Monitor, MonitorCreateResult, MonitorInterval, MonitorList, MonitorUpdateRequest } from './api-types';
import { cursorPages } from './cursor-pages';
import type { CallOptions, Transport } from './transport';

export interface MonitorOptions extends CallOptions {
  interval: MonitorInterval;
  /** Fields whose changes matter; absent or empty: every field. */
  fields?: string[];
}

export interface MonitorQuery {
  domain?: string;
  state?: Monitor['state'];
}

const path = (id: string) => `/api/monitors/${encodeURIComponent(id)}`;

/** The team's monitors (/monitors): domains re-enriched every interval, their changes reported. */
export class Monitors {
  constructor(private readonly http: Transport) {}

  /**
   * POST /monitors: watches up to 1,000 domains (or URLs), or those of a CSV file whose header
   * names a domain, website or url column. Says which were added, already watched or invalid.
   */
  add(domains: string | unknown[] | { csv: string | Blob }, options: MonitorOptions): Promise<MonitorCreateResult> {
    const { interval, fields } = options;
    if (typeof domains === 'string' || Array.isArray(domains)) {
      const list = typeof domains === 'string' ? [domains] : domains;
      return this.http.json({ method: 'POST', path: '/api/monitors', json: { domains: list, interval, fields } }, options);
    }
    return this.http.json(
      {
        method: 'POST',
        path: '/api/monitors',
        query: { interval, fields: fields?.join(',') },
        body: { content: domains.csv, type: 'text/csv' },
      },
      options,
    );
  }

  /** GET /monitors, every page: the team's monitors (of one domain, in one state), newest first. */
  list(query: MonitorQuery = {}, options: CallOptions & { pageSize?: number } = {}): AsyncGenerator<Monitor> {
    return cursorPages<Monitor>(this.http, '/api/monitors', { ...query }, options);
  }

  /** GET /monitors: one page (pass the previous page's pagination.nextCursor as `cursor`). */
  page(query: MonitorQuery & { limit?: number; cursor?: string } = {}, options: CallOptions = {}): Promise<MonitorList> {
    return this.http.json({ method: 'GET', path: '/api/monitors', query: { ...query } }, options);
  }

  get(id: string, options: CallOptions = {}): Promise<Monitor> {
    return this.http.json({ method: 'GET', path: path(id) }, options);
  }

  /** PATCH /monitors/{id}: its interval, fields, or paused. */
  update(id: string, changes: MonitorUpdateRequest, options: CallOptions = {}): Promise<Monitor> {
    return this.http.json({ method: 'PATCH', path: path(id), json: changes }, options);
  }

  pause(id: string, options: CallOptions = {}): Promise<Monitor> {
    return this.update(id, { paused: true }, options);
  }

  /** Resumes a monitor paused by the team or by the quota (which pauses it again if it still refuses). */
  resume(id: string, options: CallOptions = {}): Promise<Monitor> {
    return this.update(id, { paused: false }, options);
  }

  /** DELETE /monitors/{id}: no more checks; the company's history stays. */
  async remove(id: string, options: CallOptions = {}): Promise<void> {
    await this.http.send({ method: 'DELETE', path: path(id) }, options);
  }
}
