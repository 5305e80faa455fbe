import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type BrowserPool,
  type BrowserPoolSettings,
  createBrowserPool,
  defaultChromiumPath,
  extractCompanyFacts,
  FetchError,
  fetchPage,
  type HostMap,
  looksLikeJsShell,
  parseHostMap,
  type RenderOptions,
} from '@enrich/scraper';
import { FixtureSites, LocalServer, sleep } from '@enrich/testkit';

// The browser the scrape worker takes by default (the headless shell where installed).
const CHROMIUM = process.env.CHROMIUM_PATH ?? defaultChromiumPath();
const UA = 'CompanyEnrichmentBot/1.0 (+https://github.com/company-enrichment)';

const send = (type: string, body: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': type }).end(body);
};

// The company's facts exist only in the API response the shell's script fetches.
const SHELL = `<!doctype html><html><head><title>Loading…</title><script defer src="/static/app.js"></script></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`;
const APP_JS = `fetch('/api/company.json').then((r) => r.json()).then((c) => {
  document.title = c.name;
  document.getElementById('root').innerHTML = '<h1>' + c.name + '</h1><p class="about">' + c.description + '</p>';
});`;
const COMPANY = { name: 'Quillfeather Analytics', description: 'Quillfeather builds forecasting tools for independent bookshops.' };

// Plays a service on the private network that a rendered page must never reach.
const secretHits: string[] = [];
const secret = new LocalServer((req, res) => {
  secretHits.push(req.url ?? '');
  res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('top secret');
});
const leakyPage = () => {
  const base = `http://127.0.0.1:${secret.port}`;
  return `<!doctype html><html><head><link rel="preconnect" href="${base}"></head><body><div id="app">Leaky Widgets</div>
<img src="${base}/pixel.png"><iframe src="${base}/frame"></iframe>
<script>
  const out = document.getElementById('app');
  const note = (what) => out.insertAdjacentHTML('beforeend', '<p>' + what + '</p>');
  fetch('${base}/secret').then((r) => r.text()).then((t) => note('direct:' + t), () => note('direct blocked'));
  fetch('https://intranet.example:${secret.port}/secret').then((r) => r.text()).then((t) => note('dns:' + t), () => note('dns blocked'));
  fetch('/to-secret').then((r) => r.text()).then((t) => note('redirect:' + t), () => note('redirect blocked'));
  try { new WebSocket('ws://127.0.0.1:${secret.port}/ws'); } catch (e) {}
  navigator.sendBeacon('${base}/beacon', 'x');
  fetch('/api/ok').then((r) => r.text()).then((t) => note('same-origin:' + t));
</script></body></html>`;
};

// Requests in flight at the slow page, to check the page cap from the outside.
const slowTrack = { now: 0, max: 0 };
let killRequested: () => void = () => undefined;
const hangingResponses: ServerResponse[] = [];

const sites = new FixtureSites()
  .site('shell-app.test', {
    '/': SHELL,
    '/static/app.js': send('application/javascript', APP_JS),
    '/api/company.json': send('application/json', JSON.stringify(COMPANY)),
  })
  .site('leaky.test', {
    '/': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(leakyPage()),
    '/to-secret': (_req, res) => void res.writeHead(302, { location: `http://127.0.0.1:${secret.port}/secret` }).end(),
    '/api/ok': send('text/plain', 'fine'),
  })
  .site('moved.test', {
    '/': (_req, res) => void res.writeHead(301, { location: 'https://www.moved.test/home' }).end(),
    '/home': `<html><body><h1>Moved Inc</h1><script>fetch('data.txt').then((r) => r.text()).then((t) => document.body.insertAdjacentHTML('beforeend', '<p>' + t + '</p>'))</script></body></html>`,
    '/data.txt': send('text/plain', 'relative fetch resolved against the final URL'),
    '/private': (_req, res) => void res.writeHead(302, { location: `http://127.0.0.1:${secret.port}/admin` }).end(),
    '/gone': (_req, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>'),
    // A small document whose script builds a DOM far larger than itself.
    '/big': `<html><body><p id="p"></p><script>document.getElementById('p').textContent = 'Grüße '.repeat(5000)</script></body></html>`,
  })
  .site('slow.test', {
    '/': async (_req, res) => {
      slowTrack.now++;
      slowTrack.max = Math.max(slowTrack.max, slowTrack.now);
      killRequested();
      await sleep(500);
      slowTrack.now--;
      if (!res.destroyed) res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p>Slow but steady</p></body></html>');
    },
  })
  .site('hang.test', {
    // Headers and a first chunk, then nothing: the load event never comes.
    '/': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body><p>Almost there');
      hangingResponses.push(res);
    },
  });

let hostMap: HostMap;
const pools: BrowserPool[] = [];
const options = (overrides: Partial<RenderOptions> = {}): RenderOptions => ({
  hostMap,
  userAgent: UA,
  maxBytes: 2 * 1024 * 1024,
  // intranet.example stands for an internal name whose DNS answer is a private address.
  resolve: async (hostname) => {
    if (hostname === 'intranet.example') return [{ address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  },
  ...overrides,
});
const pool = (overrides: Partial<BrowserPoolSettings> = {}): BrowserPool => {
  const created = createBrowserPool({ chromiumPath: CHROMIUM, maxPages: 2, recycleAfter: 50, timeoutMs: 10_000, ...overrides });
  pools.push(created);
  return created;
};
const failure = async (promise: Promise<unknown>): Promise<FetchError> => {
  const outcome = await promise.then(
    () => new Error('expected the render to fail'),
    (e: unknown) => e,
  );
  if (!(outcome instanceof FetchError)) throw outcome;
  return outcome;
};

let shared: BrowserPool;

beforeAll(async () => {
  // apt may still be installing Chromium on a fresh machine.
  for (let i = 0; i < 120 && !existsSync(CHROMIUM); i++) await sleep(1000);
  await secret.start();
  await sites.start();
  hostMap = parseHostMap(sites.hostMap());
  shared = pool();
}, 150_000);

afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  for (const res of hangingResponses) res.destroy();
  await sites.stop();
  await secret.stop();
});

describe('browser rendering', () => {
  it('renders a JavaScript shell whose content arrives from its API', async () => {
    const raw = await fetchPage('https://shell-app.test/', { ...options(), timeoutMs: 5_000 });
    const facts = extractCompanyFacts(raw.html, raw.finalUrl, 'shell-app.test');
    expect(raw.html).not.toContain(COMPANY.name);
    expect(looksLikeJsShell(raw.html, facts.wordCount, 50)).toBe(true);

    const page = await shared.render('https://shell-app.test/', options());
    expect(page.url).toBe('https://shell-app.test/');
    expect(page.finalUrl).toBe('https://shell-app.test/');
    expect(page.html).toContain(`<h1>${COMPANY.name}</h1>`);
    expect(page.html).toContain(COMPANY.description);
    expect(page.bytes).toBe(Buffer.byteLength(page.html));
    expect(page.blockedRequests).toEqual([]);
    const rendered = extractCompanyFacts(page.html, page.finalUrl, 'shell-app.test');
    expect(looksLikeJsShell(page.html, rendered.wordCount, 5)).toBe(false);
  });

  it('keeps every request of the page away from private addresses', async () => {
    const page = await shared.render('https://leaky.test/', options());
    await sleep(300); // anything that slipped out would have arrived by now
    expect(secretHits).toEqual([]);
    expect(secret.connections).toBe(0);
    expect(page.html).toContain('same-origin:fine');
    expect(page.html).toContain('direct blocked');
    expect(page.html).toContain('dns blocked');
    expect(page.html).toContain('redirect blocked');
    const base = `http://127.0.0.1:${secret.port}`;
    expect(page.blockedRequests).toEqual(
      expect.arrayContaining([
        `${base}/secret`,
        `${base}/pixel.png`,
        `${base}/frame`,
        `https://intranet.example:${secret.port}/secret`,
        `ws://127.0.0.1:${secret.port}/ws`,
      ]),
    );
  });

  it('follows the document redirects through the guard and reports the final URL', async () => {
    const page = await shared.render('https://moved.test/', options());
    expect(page.finalUrl).toBe('https://www.moved.test/home');
    expect(page.html).toContain('relative fetch resolved against the final URL');

    const blocked = await failure(shared.render('https://moved.test/private', options()));
    expect(blocked.kind).toBe('blocked');
    expect(blocked.url).toBe(`http://127.0.0.1:${secret.port}/admin`);
    const missing = await failure(shared.render('https://moved.test/gone', options()));
    expect([missing.kind, missing.status]).toEqual(['http', 404]);
    const looping = await failure(shared.render('https://moved.test/', options({ maxRedirects: 0 })));
    expect(looping.kind).toBe('too_many_redirects');
    expect(secretHits).toEqual([]);
  });

  it('caps the returned HTML at maxBytes without splitting a character', async () => {
    const page = await shared.render('https://moved.test/big', options({ maxBytes: 20_001 }));
    expect(page.bytes).toBeLessThanOrEqual(20_001);
    expect(page.bytes).toBeGreaterThan(19_990);
    expect(page.html).not.toContain('\uFFFD');
  });

  it('relaunches the browser after recycleAfter pages', async () => {
    const recycling = pool({ recycleAfter: 2 });
    for (let i = 0; i < 5; i++) {
      const page = await recycling.render('https://shell-app.test/', options());
      expect(page.html).toContain(COMPANY.name);
    }
    expect(recycling.stats()).toMatchObject({ launches: 3, pagesRendered: 5, openPages: 0, queued: 0 });
  });

  it('replaces a browser that dies, failing only the render in flight', async () => {
    const fragile = pool();
    await fragile.render('https://shell-app.test/', options());
    const firstPid = fragile.stats().browserPid;
    expect(firstPid).toEqual(expect.any(Number));

    // Kill it while a render waits for the slow page.
    const arrived = new Promise<void>((resolve) => (killRequested = resolve));
    const inFlight = failure(fragile.render('https://slow.test/', options()));
    await arrived;
    killRequested = () => undefined;
    process.kill(firstPid!, 'SIGKILL');
    const lost = await inFlight;
    expect(lost.transient).toBe(true);

    const after = await fragile.render('https://shell-app.test/', options());
    expect(after.html).toContain(COMPANY.name);
    const secondPid = fragile.stats().browserPid;
    expect(secondPid).toEqual(expect.any(Number));
    expect(secondPid).not.toBe(firstPid);

    // And while idle: the next render gets a fresh browser.
    process.kill(secondPid!, 'SIGKILL');
    for (let i = 0; i < 100 && fragile.stats().browserPid !== undefined; i++) await sleep(20);
    const idle = await fragile.render('https://shell-app.test/', options());
    expect(idle.html).toContain(COMPANY.name);
    expect(fragile.stats()).toMatchObject({ launches: 3, pagesRendered: 3 });
  });

  it('never has more than maxPages pages open at once', async () => {
    const capped = pool({ maxPages: 2 });
    for (let i = 0; i < 100 && slowTrack.now > 0; i++) await sleep(20); // the crash test's request
    slowTrack.max = 0;
    let maxOpen = 0;
    const sampler = setInterval(() => (maxOpen = Math.max(maxOpen, capped.stats().openPages)), 5);
    try {
      const pages = await Promise.all(Array.from({ length: 6 }, () => capped.render('https://slow.test/', options())));
      expect(pages.every((p) => p.html.includes('Slow but steady'))).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    expect(slowTrack.max).toBe(2);
    expect(maxOpen).toBe(2);
    expect(capped.stats()).toMatchObject({ launches: 1, pagesRendered: 6, openPages: 0, queued: 0 });
  });

  it('gives up on a page that never finishes loading at the deadline', async () => {
    // Long enough that the render after it still fits on a loaded 2-CPU machine.
    const impatient = pool({ timeoutMs: 3_000 });
    const started = Date.now();
    const timedOut = await failure(impatient.render('https://hang.test/', options()));
    const elapsed = Date.now() - started;
    expect(timedOut.kind).toBe('timeout');
    expect(timedOut.transient).toBe(true);
    // Launch included; the render itself is bounded by the deadline.
    expect(elapsed).toBeLessThan(3_000 + 2_000);
    expect(elapsed).toBeGreaterThanOrEqual(2_900);
    // The pool is still usable afterwards.
    const page = await impatient.render('https://shell-app.test/', options());
    expect(page.html).toContain(COMPANY.name);
  });
});
