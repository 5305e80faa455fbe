import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';

// A browser's view of the dashboard API for tests: it keeps the session cookie and the CSRF
// token, and sends what a page of the same origin sends (Sec-Fetch-Site: same-origin). Each
// client comes from its own address (X-Forwarded-For; the app trusts loopback proxies), so
// one test's failed authentications do not use up another's per-address window.

export const DASHBOARD = '/dashboard/api';
export const PASSWORD = 'correct horse battery';

let counter = 0;
export const uniqueEmail = (label = 'user') => {
  counter += 1;
  return `${label}-${process.pid}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
};
const randomAddress = () => `198.51.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

export class DashboardClient {
  cookie: string | undefined;
  csrf: string | undefined;
  readonly address = randomAddress();

  constructor(readonly app: Express) {}

  private keep(res: request.Response): request.Response {
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    for (const line of setCookie) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (name === 'ce_session') this.cookie = value || undefined;
    }
    if (typeof res.body?.csrfToken === 'string') this.csrf = res.body.csrfToken;
    return res;
  }

  /** A request as the dashboard page sends it: cookie, same-origin, CSRF token. */
  send(method: 'get' | 'post' | 'delete' | 'put', path: string, body?: unknown): Promise<request.Response> {
    let req = request(this.app)[method](path).set('X-Forwarded-For', this.address).set('Sec-Fetch-Site', 'same-origin');
    if (this.cookie) req = req.set('Cookie', `ce_session=${this.cookie}`);
    if (this.csrf) req = req.set('X-CSRF-Token', this.csrf);
    return (body === undefined ? req : req.send(body as object)).then((res) => this.keep(res));
  }

  /** A dashboard endpoint: `path` under /dashboard/api. */
  api = (method: 'get' | 'post' | 'delete' | 'put', path: string, body?: unknown) => this.send(method, `${DASHBOARD}${path}`, body);

  async signup(body: { email?: string; password?: string; teamName?: string; inviteToken?: string } = {}): Promise<request.Response> {
    return this.api('post', '/signup', { email: uniqueEmail(), password: PASSWORD, ...body });
  }

  signin(email: string, password = PASSWORD): Promise<request.Response> {
    return this.api('post', '/signin', { email, password });
  }
}
