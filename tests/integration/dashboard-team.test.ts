import { createApp } from '@enrich/api';
import { issueApiKey } from '@enrich/api-keys';
import type { Express } from 'express';
import request from 'supertest';
import { strictError } from '../support/contract-schemas';
import { DashboardClient, PASSWORD, uniqueEmail } from '../support/dashboard-client';
import { startTestStack, type TestStack } from '../support/test-stack';

// The team side of the dashboard: roles, keys per member, team isolation, invites (join, single
// use, expiry, concurrent use) and the sign-up modes. Workers are off.

let stack: TestStack;
/** The same services under SIGNUP_MODE=invite and closed. */
let inviteOnly: Express;
let closed: Express;

beforeAll(async () => {
  stack = await startTestStack({ label: 'dashteam', workers: false, env: { AUTH_FAILURES_PER_MINUTE: '1000' } });
  inviteOnly = createApp({ ...stack.context, config: { ...stack.context.config, SIGNUP_MODE: 'invite' } });
  closed = createApp({ ...stack.context, config: { ...stack.context.config, SIGNUP_MODE: 'closed' } });
});
afterAll(() => stack?.stop());

async function ownerWithTeam(app: Express = stack.app) {
  const owner = new DashboardClient(app);
  const res = await owner.signup();
  expect(res.status).toBe(201);
  return { owner, teamId: res.body.team.id as string, teamName: res.body.team.name as string };
}

async function invite(owner: DashboardClient, body: object = {}) {
  const res = await owner.api('post', '/invites', body);
  expect(res.status).toBe(201);
  return res.body as { id: string; role: string; expiresAt: string; token: string; url: string };
}

describe('team and members', () => {
  it('GET /config says the sign-up mode, without a session', async () => {
    expect((await request(stack.app).get('/dashboard/api/config')).body).toEqual({ signupMode: 'open' });
    expect((await request(inviteOnly).get('/api/dashboard/api/config')).body).toEqual({ signupMode: 'invite' });
    expect((await request(closed).get('/dashboard/api/config')).body).toEqual({ signupMode: 'closed' });
  });

  it('a sign-up without a team name gets a new Free team named after the email, made unique', async () => {
    const local = `same-${process.pid}`;
    const a = await new DashboardClient(stack.app).signup({ email: `${local}@one.example.com` });
    const b = await new DashboardClient(stack.app).signup({ email: `${local}@two.example.com` });
    expect(a.body.team.name).toBe(local);
    expect(b.body.team.name).toMatch(new RegExp(`^${local}-[0-9a-f]{6}$`));
    expect(b.body.team.id).not.toBe(a.body.team.id);
    // A team made by the admin CLI is never joined by a sign-up that names it.
    const cli = await issueApiKey(stack.database.db, `cli-team-${process.pid}`);
    const c = await new DashboardClient(stack.app).signup({ teamName: cli.teamName });
    expect(c.body.team.id).not.toBe(cli.teamId);
    expect(c.body.user.role).toBe('owner');
  });

  it('an email is taken whatever its case: 409 EMAIL_TAKEN; bad sign-ups are 400', async () => {
    const email = uniqueEmail();
    expect((await new DashboardClient(stack.app).signup({ email })).status).toBe(201);
    const again = await new DashboardClient(stack.app).signup({ email: `  ${email.toUpperCase()} ` });
    expect([again.status, strictError.parse(again.body).error.code]).toEqual([409, 'EMAIL_TAKEN']);
    for (const body of [
      { email: 'not-an-email' },
      { password: 'short' },
      { password: 'p'.repeat(201) },
      { teamName: '' },
      { teamName: 't'.repeat(101) },
      { email: 7 },
    ]) {
      const res = await new DashboardClient(stack.app).signup(body as object);
      expect({ body, status: res.status, code: res.body.error?.code }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
    }
  });

  it('GET /team shows the team, its limits and its members to every member', async () => {
    const { owner, teamId } = await ownerWithTeam();
    const { token } = await invite(owner);
    const member = new DashboardClient(stack.app);
    expect((await member.signup({ inviteToken: token })).body.user.role).toBe('member');
    await stack.database.db.team.update({ where: { id: teamId }, data: { rateLimitPerMinute: 12 } });
    for (const client of [owner, member]) {
      const res = await client.api('get', '/team');
      expect(res.status).toBe(200);
      expect(res.body.team).toEqual({
        id: teamId,
        name: expect.any(String),
        plan: 'free',
        limits: { perMinute: 12, perDay: 50, monthlyQuota: 250 },
      });
      expect(res.body.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);
      expect(Object.keys(res.body.members[0]).sort()).toEqual(['createdAt', 'email', 'id', 'role']);
    }
  });
});

describe('keys by role and team', () => {
  it('an owner sees and revokes every key of the team; a member only their own, others answer 404', async () => {
    const { owner, teamId, teamName } = await ownerWithTeam();
    const { token } = await invite(owner);
    const member = new DashboardClient(stack.app);
    await member.signup({ inviteToken: token });
    const ownerKey = (await owner.api('post', '/keys', { name: 'owner key' })).body;
    const memberKey = (await member.api('post', '/keys', { name: '  member key  ' })).body;
    expect(memberKey.name).toBe('member key');
    const cliKey = await issueApiKey(stack.database.db, teamName); // made by the CLI: no creator, no name

    const ownerList = (await owner.api('get', '/keys')).body.data;
    expect(ownerList.map((k: { id: string }) => k.id)).toEqual([ownerKey.id, memberKey.id, cliKey.keyId]);
    expect(ownerList[2]).toMatchObject({ name: '', createdBy: null, revokedAt: null });
    const memberList = (await member.api('get', '/keys')).body.data;
    expect(memberList.map((k: { id: string }) => k.id)).toEqual([memberKey.id]);
    expect(JSON.stringify([ownerList, memberList])).not.toContain(ownerKey.key.slice(12)); // the key is shown only once

    for (const id of [ownerKey.id, cliKey.keyId]) {
      const res = await member.api('delete', `/keys/${id}`);
      expect([res.status, res.body.error.code]).toEqual([404, 'KEY_NOT_FOUND']);
    }
    expect((await member.api('delete', `/keys/${memberKey.id}`)).status).toBe(204);
    expect((await owner.api('delete', `/keys/${cliKey.keyId}`)).status).toBe(204);
    const revoked = await stack.database.db.apiKey.findMany({ where: { teamId, revokedAt: { not: null } } });
    expect(revoked.map((k) => k.id).sort()).toEqual([memberKey.id, cliKey.keyId].sort());
  });

  it('a user of team B can neither see nor revoke team A’s keys, nor read its jobs with the cookie', async () => {
    const a = await ownerWithTeam();
    const b = await ownerWithTeam();
    const keyA = (await a.owner.api('post', '/keys', { name: 'a' })).body;
    const job = await request(stack.app)
      .post('/enrich')
      .set('Authorization', `Bearer ${keyA.key}`)
      .send({ domain: `iso-${process.pid}.com` });
    expect(job.status).toBe(202);

    expect((await b.owner.api('get', '/keys')).body.data).toEqual([]);
    const revoke = await b.owner.api('delete', `/keys/${keyA.id}`);
    expect([revoke.status, revoke.body.error.code]).toEqual([404, 'KEY_NOT_FOUND']);
    expect((await stack.database.db.apiKey.findUniqueOrThrow({ where: { id: keyA.id } })).revokedAt).toBeNull();
    const poll = await b.owner.send('get', job.body.statusEndpoint);
    expect([poll.status, poll.body.error.code]).toEqual([404, 'JOB_NOT_FOUND']);
    expect((await a.owner.send('get', job.body.statusEndpoint)).status).toBe(200);
    // Nor its invites.
    const invA = await invite(a.owner);
    const del = await b.owner.api('delete', `/invites/${invA.id}`);
    expect([del.status, del.body.error.code]).toEqual([404, 'INVITE_NOT_FOUND']);
    expect((await b.owner.api('get', '/invites')).body.data).toEqual([]);
  });

  it('key names are 1 to 100 characters', async () => {
    const { owner } = await ownerWithTeam();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'n'.repeat(101) }, { name: 5 }]) {
      const res = await owner.api('post', '/keys', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect((await owner.api('post', '/keys', { name: 'n'.repeat(100) })).status).toBe(201);
  });
});

describe('invites', () => {
  it('an owner invites; the link names the team; joining uses it up; a member cannot manage invites', async () => {
    const { owner, teamId, teamName } = await ownerWithTeam();
    const made = await invite(owner, { role: 'member', expiresInHours: 2 });
    expect(made).toEqual({
      id: expect.stringMatching(/^inv_/),
      role: 'member',
      expiresAt: expect.any(String),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      url: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/dashboard/join/${made.token}$`)),
    });
    const hours = (Date.parse(made.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    // Only the hash is stored.
    const row = await stack.database.db.invite.findUniqueOrThrow({ where: { id: made.id } });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(made.token);

    const lookup = await request(stack.app).get(`/dashboard/api/invites/${made.token}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({ teamName, role: 'member', expiresAt: made.expiresAt });

    const listed = await owner.api('get', '/invites');
    expect(listed.body.data).toEqual([
      { id: made.id, role: 'member', createdAt: expect.any(String), expiresAt: made.expiresAt, usedAt: null },
    ]);

    const member = new DashboardClient(stack.app);
    const joined = await member.signup({ inviteToken: made.token, teamName: 'ignored' });
    expect(joined.status).toBe(201);
    expect(joined.body.team).toMatchObject({ id: teamId, name: teamName });
    expect(joined.body.user.role).toBe('member');
    const used = await stack.database.db.invite.findUniqueOrThrow({ where: { id: made.id } });
    expect(used.usedAt).toBeInstanceOf(Date);
    expect(used.usedById).toBe(joined.body.user.id);

    // Used up: the link is gone and a second sign-up with it fails, creating nothing.
    const second = await new DashboardClient(stack.app).signup({ inviteToken: made.token });
    expect([second.status, second.body.error.code]).toEqual([404, 'INVITE_NOT_FOUND']);
    expect((await request(stack.app).get(`/dashboard/api/invites/${made.token}`)).status).toBe(404);
    expect(await stack.database.db.user.count({ where: { teamId } })).toBe(2);

    for (const [method, path] of [
      ['get', '/invites'],
      ['post', '/invites'],
      ['delete', `/invites/${made.id}`],
    ] as const) {
      const res = await member.api(method, path, method === 'post' ? {} : undefined);
      expect({ path, method, status: res.status, code: res.body.error.code }).toEqual({ path, method, status: 403, code: 'FORBIDDEN' });
    }
  });

  it('an owner invite makes an owner; an owner deletes an invite, which then cannot be used', async () => {
    const { owner } = await ownerWithTeam();
    const asOwner = await invite(owner, { role: 'owner' });
    expect((await new DashboardClient(stack.app).signup({ inviteToken: asOwner.token })).body.user.role).toBe('owner');
    const doomed = await invite(owner);
    expect((await owner.api('delete', `/invites/${doomed.id}`)).status).toBe(204);
    expect((await owner.api('delete', `/invites/${doomed.id}`)).status).toBe(404);
    expect((await new DashboardClient(stack.app).signup({ inviteToken: doomed.token })).status).toBe(404);
  });

  it('an expired invite, an unknown token and a malformed one all answer 404 INVITE_NOT_FOUND', async () => {
    const { owner } = await ownerWithTeam();
    const made = await invite(owner);
    await stack.database.db.invite.update({ where: { id: made.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const token of [made.token, 'A'.repeat(43), 'short', 'x'.repeat(200)]) {
      const lookup = await request(stack.app).get(`/dashboard/api/invites/${token}`);
      expect([lookup.status, lookup.body.error.code]).toEqual([404, 'INVITE_NOT_FOUND']);
      const signup = await new DashboardClient(stack.app).signup({ inviteToken: token });
      expect([signup.status, signup.body.error.code]).toEqual([404, 'INVITE_NOT_FOUND']);
    }
    expect((await request(stack.app).get(`/dashboard/api/invites/${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('expiresInHours is 1 to 720 and role member or owner', async () => {
    const { owner } = await ownerWithTeam();
    for (const body of [{ expiresInHours: 0 }, { expiresInHours: 721 }, { expiresInHours: 1.5 }, { role: 'admin' }]) {
      const res = await owner.api('post', '/invites', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    const longest = await invite(owner, { expiresInHours: 720 });
    expect((Date.parse(longest.expiresAt) - Date.now()) / 86_400_000).toBeCloseTo(30, 1);
    const byDefault = await invite(owner);
    expect((Date.parse(byDefault.expiresAt) - Date.now()) / 3_600_000).toBeCloseTo(72, 1);
  });

  it('of several sign-ups racing on one invite, exactly one joins', async () => {
    const { owner, teamId } = await ownerWithTeam();
    const { token } = await invite(owner);
    const racers = Array.from({ length: 5 }, () => new DashboardClient(stack.app));
    const results = await Promise.all(racers.map((r) => r.signup({ inviteToken: token })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 404, 404, 404, 404]);
    expect(await stack.database.db.user.count({ where: { teamId } })).toBe(2);
  });

  it('a sign-up whose email is taken leaves the invite unused', async () => {
    const { owner } = await ownerWithTeam();
    const made = await invite(owner);
    const email = uniqueEmail();
    await new DashboardClient(stack.app).signup({ email });
    const taken = await new DashboardClient(stack.app).signup({ email, inviteToken: made.token });
    expect(taken.status).toBe(409);
    expect((await request(stack.app).get(`/dashboard/api/invites/${made.token}`)).status).toBe(200);
  });
});

describe('sign-up modes', () => {
  it('SIGNUP_MODE=invite: a sign-up needs a valid invite', async () => {
    const { owner, teamId } = await ownerWithTeam();
    const { token } = await invite(owner);
    const without = await new DashboardClient(inviteOnly).signup();
    expect([without.status, strictError.parse(without.body).error.code]).toEqual([403, 'SIGNUP_CLOSED']);
    const bad = await new DashboardClient(inviteOnly).signup({ inviteToken: 'B'.repeat(43) });
    expect([bad.status, bad.body.error.code]).toEqual([404, 'INVITE_NOT_FOUND']);
    const joined = await new DashboardClient(inviteOnly).signup({ inviteToken: token });
    expect([joined.status, joined.body.team.id]).toEqual([201, teamId]);
    // Sign-in is unaffected.
    expect((await new DashboardClient(inviteOnly).signin(joined.body.user.email)).status).toBe(200);
  });

  it('SIGNUP_MODE=closed: no sign-up at all, even with an invite; existing users still sign in', async () => {
    const email = uniqueEmail();
    const { owner } = await ownerWithTeam();
    await owner.signup({ email }); // on the open app
    const { token } = await invite(owner);
    for (const body of [{}, { inviteToken: token }]) {
      const res = await new DashboardClient(closed).signup(body);
      expect([res.status, res.body.error.code]).toEqual([403, 'SIGNUP_CLOSED']);
    }
    expect((await new DashboardClient(closed).signin(email, PASSWORD)).status).toBe(200);
  });
});

describe('routes', () => {
  it('every path also answers under /api; wrong methods are 405 with Allow; unknown paths 404', async () => {
    const { owner } = await ownerWithTeam();
    expect((await owner.send('get', '/api/dashboard/api/session')).status).toBe(200);
    const cases: [string, string, string][] = [
      ['put', '/session', 'GET, HEAD'],
      ['get', '/signin', 'POST'],
      ['delete', '/keys', 'GET, HEAD, POST'],
      ['get', '/keys/key_x', 'DELETE'],
      ['put', '/invites/x', 'GET, HEAD, DELETE'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await owner.api(method as 'get', path);
      expect({ path, status: res.status, allow: res.headers.allow }).toEqual({ path, status: 405, allow });
    }
    const unknown = await owner.api('get', '/nothing-here');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('the OpenAPI document lists every dashboard route', async () => {
    const doc = await request(stack.app).get('/openapi.json');
    const paths = Object.keys(doc.body.paths).filter((p) => p.startsWith('/api/dashboard/api/'));
    expect(paths.sort()).toEqual(
      [
        'bulk/preview',
        'config',
        'invites',
        'invites/{invite}',
        'keys',
        'keys/{id}',
        'session',
        'signin',
        'signout',
        'signout-everywhere',
        'signup',
        'team',
      ]
        .map((p) => `/api/dashboard/api/${p}`)
        .sort(),
    );
    expect(Object.keys(doc.body.paths['/api/dashboard/api/invites/{invite}']).sort()).toEqual(['delete', 'get']);
    expect(doc.body.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'ce_session' });
    expect(doc.body.paths['/api/enrich'].post.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
  });
});

describe('hostile input', () => {
  const HOSTILE: unknown[] = [
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x'.repeat(10_000),
    '<script>alert(1)</script>',
    "'; DROP TABLE users; --",
    '\u202e',
    '\t\r\n',
    null,
    12,
    true,
    [],
    { $ne: null },
  ];

  // A lone surrogate has no percent-encoding: sent as the bytes of one (not valid UTF-8).
  const pathPart = (value: unknown) => {
    try {
      return encodeURIComponent(String(value));
    } catch {
      return '%ED%A0%80';
    }
  };

  it('no field of any dashboard body gets a 5xx, and every error has the one shape', async () => {
    const { owner } = await ownerWithTeam();
    const failures: string[] = [];
    for (const value of HOSTILE) {
      const answers = await Promise.all([
        new DashboardClient(stack.app).signup({ email: value as string }),
        new DashboardClient(stack.app).signup({ password: value as string }),
        new DashboardClient(stack.app).signup({ teamName: value as string }),
        new DashboardClient(stack.app).signup({ inviteToken: value as string }),
        new DashboardClient(stack.app).api('post', '/signin', { email: value, password: value }),
        new DashboardClient(stack.app).api('post', '/signin', { email: uniqueEmail(), password: value }),
        owner.api('post', '/keys', { name: value }),
        owner.api('post', '/invites', { role: value, expiresInHours: value }),
        owner.api('delete', `/keys/${pathPart(value)}`),
        owner.api('delete', `/invites/${pathPart(value)}`),
        request(stack.app).get(`/dashboard/api/invites/${pathPart(value)}`),
      ]);
      answers.forEach((res, i) => {
        const shaped = res.status < 400 || strictError.safeParse(res.body).success;
        if (res.status >= 500 || !shaped)
          failures.push(`${i} ${JSON.stringify(value)?.slice(0, 40)}: ${res.status} ${res.text.slice(0, 120)}`);
      });
    }
    expect(failures).toEqual([]);
  });
});
