import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DASHBOARD_CSP } from '@enrich/api';
import request from 'supertest';
import { buildDashboardIfChanged, STAMP_FILE } from '../../scripts/support/dashboard-build';
import { strictError } from '../support/contract-schemas';
import { startTestStack, type TestStack } from '../support/test-stack';

// The dashboard's build served by the API at /dashboard/ (a fixture build stands in for
// apps/dashboard's), and `npm start`'s step that rebuilds it when its sources change.

// The policy the dashboard's code is written for (docs/dashboard.md), word for word.
const CONTRACT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
const INDEX =
  '<!doctype html><html><head><script type="module" src="/dashboard/assets/index-Bx7f3kQa.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = 'document.getElementById("root").textContent = "hello";\n';

describe('serving the dashboard', () => {
  let stack: TestStack;
  let dist: string;

  beforeAll(async () => {
    dist = path.join(await mkdtemp(path.join(tmpdir(), 'dashboard-dist-')), 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'assets', 'index-Bx7f3kQa.js'), SCRIPT);
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    stack = await startTestStack({ label: 'dashapp', workers: false, env: { DASHBOARD_DIST: dist } });
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(path.dirname(dist), { recursive: true, force: true });
  });

  const expectPageHeaders = (res: request.Response) => {
    expect(res.headers['content-security-policy']).toBe(CONTRACT_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  };

  it('serves index.html at /dashboard/ with the CSP, revalidated on every load', async () => {
    expect(DASHBOARD_CSP).toBe(CONTRACT_CSP);
    const res = await request(stack.app).get('/dashboard/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expectPageHeaders(res);
    const again = await request(stack.app).get('/dashboard/').set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
    expect((await request(stack.app).head('/dashboard/')).status).toBe(200);
  });

  it('answers the app’s own routes with index.html, and /dashboard with a redirect', async () => {
    for (const route of ['/dashboard/keys', '/dashboard/batches/bat_01m7abc', '/dashboard/join/some-token?x=1', '/dashboard/a/b/c.html']) {
      const res = await request(stack.app).get(route);
      expect([route, res.status, res.text]).toEqual([route, 200, INDEX]);
      expectPageHeaders(res);
    }
    const bare = await request(stack.app).get('/dashboard?tab=keys');
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe('/dashboard/?tab=keys');
  });

  it('serves hashed assets cached for a year, other files revalidated; a missing asset is a 404', async () => {
    const script = await request(stack.app).get('/dashboard/assets/index-Bx7f3kQa.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(script.text).toBe(SCRIPT);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectPageHeaders(script);
    const icon = await request(stack.app).get('/dashboard/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const missing = await request(stack.app).get('/dashboard/assets/index-OLDHASH.js');
    expect(missing.status).toBe(404);
    expect(strictError.parse(missing.body).error.code).toBe('NOT_FOUND');
  });

  it('leaves /dashboard/api/* to the API, and refuses writes and paths out of the build', async () => {
    const unknown = await request(stack.app).get('/dashboard/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(strictError.parse(unknown.body).error.code).toBe('NOT_FOUND');
    const preview = await request(stack.app).get('/dashboard/api/bulk/preview');
    expect(preview.status).toBe(401);
    for (const outside of [
      '/dashboard/%2e%2e/%2e%2e/package.json',
      '/dashboard/..%2f..%2fpackage.json',
      '/dashboard/assets/%2e%2e/%2e%2e/x',
    ]) {
      const res = await request(stack.app).get(outside);
      expect([outside, res.status < 500, res.text.includes('"name"')]).toEqual([outside, true, false]);
    }
    const post = await request(stack.app).post('/dashboard/').send({});
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    // Only the bare path serves the app.
    expect((await request(stack.app).get('/api/dashboard/')).status).toBe(404);
  });

  it('sends a browser asking for / to the app; a program still gets the API’s 404', async () => {
    const browser = await request(stack.app).get('/').set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
    expect(browser.status).toBe(302);
    expect(browser.headers.location).toBe('/dashboard/');
    for (const accept of ['application/json', '*/*']) {
      const program = await request(stack.app).get('/').set('Accept', accept);
      expect([accept, program.status]).toEqual([accept, 404]);
      expect(strictError.parse(program.body).error.code).toBe('NOT_FOUND');
    }
  });

  it('answers 503 with what to run while there is no build', async () => {
    const away = `${dist}-away`;
    await rename(dist, away);
    try {
      for (const route of ['/dashboard/', '/dashboard/keys']) {
        const res = await request(stack.app).get(route);
        expect(res.status).toBe(503);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.text).toContain('npm run build:dashboard');
        expectPageHeaders(res);
      }
    } finally {
      await rename(away, dist);
    }
    expect((await request(stack.app).get('/dashboard/')).status).toBe(200);
  });
});

describe('npm start’s dashboard build', () => {
  let root: string;
  let app: string;
  let builds: number;
  // Stands in for `npm run build -w @enrich/dashboard`: writes a dist as Vite would (emptied first).
  const build = async () => {
    builds += 1;
    await rm(path.join(app, 'dist'), { recursive: true, force: true });
    await mkdir(path.join(app, 'dist', 'assets'), { recursive: true });
    await writeFile(path.join(app, 'dist', 'index.html'), `<!doctype html><p>build ${builds}</p>`);
  };
  const run = (force = false) => buildDashboardIfChanged({ root, build, force });

  beforeEach(async () => {
    builds = 0;
    root = await mkdtemp(path.join(tmpdir(), 'dashboard-root-'));
    app = path.join(root, 'apps', 'dashboard');
    await mkdir(path.join(app, 'src', 'pages'), { recursive: true });
    await mkdir(path.join(root, 'packages', 'record', 'src'), { recursive: true });
    await mkdir(path.join(root, 'node_modules', '@enrich'), { recursive: true });
    await symlink(path.join(root, 'packages', 'record'), path.join(root, 'node_modules', '@enrich', 'record'));
    await writeFile(path.join(root, 'packages', 'record', 'package.json'), '{"name": "@enrich/record"}');
    await writeFile(path.join(root, 'packages', 'record', 'src', 'index.ts'), 'export const A = 1;\n');
    await writeFile(
      path.join(app, 'package.json'),
      '{"name": "@enrich/dashboard", "dependencies": {"@enrich/record": "*", "react": "^19"}}',
    );
    await writeFile(path.join(app, 'index.html'), '<!doctype html>');
    await writeFile(path.join(app, 'vite.config.ts'), 'export default {};\n');
    await writeFile(path.join(app, 'src', 'main.tsx'), 'console.log(1);\n');
    await writeFile(path.join(app, 'src', 'pages', 'keys.tsx'), 'export {};\n');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('builds once, then only when a source, the config, the manifest or a workspace dependency changes', async () => {
    expect(await run()).toMatchObject({ status: 'built' });
    expect(await run()).toMatchObject({ status: 'fresh' });
    expect(builds).toBe(1);
    const changes: [string, string][] = [
      [path.join(app, 'src', 'pages', 'keys.tsx'), 'export const changed = true;\n'],
      [path.join(app, 'src', 'pages', 'new-page.tsx'), 'export {};\n'],
      [path.join(app, 'index.html'), '<!doctype html><title>x</title>'],
      [path.join(app, 'vite.config.ts'), 'export default { base: "/dashboard/" };\n'],
      [path.join(app, 'package.json'), '{"name": "@enrich/dashboard", "dependencies": {"@enrich/record": "*", "react": "^20"}}'],
      [path.join(root, 'packages', 'record', 'src', 'index.ts'), 'export const A = 2;\n'],
    ];
    for (const [file, content] of changes) {
      await writeFile(file, content);
      expect([path.relative(root, file), (await run()).status]).toEqual([path.relative(root, file), 'built']);
      expect((await run()).status).toBe('fresh');
    }
    expect(builds).toBe(1 + changes.length);
  });

  it('builds again when dist is gone or its stamp is not the sources’, and when forced', async () => {
    await run();
    await rm(path.join(app, 'dist'), { recursive: true });
    expect((await run()).status).toBe('built');
    await writeFile(path.join(app, 'dist', STAMP_FILE), 'something else\n');
    expect((await run()).status).toBe('built');
    expect((await run(true)).status).toBe('built');
    expect(builds).toBe(4);
  });

  it('skips cleanly without apps/dashboard, and fails when the build writes no index.html', async () => {
    await rm(app, { recursive: true });
    expect(await run()).toEqual({ status: 'absent' });
    expect(builds).toBe(0);
    await mkdir(app, { recursive: true });
    await writeFile(path.join(app, 'package.json'), '{"name": "@enrich/dashboard"}');
    await expect(buildDashboardIfChanged({ root, build: async () => undefined })).rejects.toThrow(/no .*index\.html/);
  });
});
