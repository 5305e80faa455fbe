import { readFile } from 'node:fs/promises';
import { WebhookReceiver } from '@enrich/testkit';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Locator, Page } from 'playwright';
import { Webhook } from 'standardwebhooks';
import { cspViolations, expectAccessible, launchBrowser, nav, newUserContext, screenshot, signUp as signUpAs } from './browser';
import { BULK_DOMAINS, bulkCsv, dashboardSites, FALLBACK_DOMAIN, KEY_DOMAIN, MAIN_DOMAIN, MAIN_NAME } from './dashboard-sites';
import { buildDashboard, type DashboardStack, LOG_FILE, startDashboardStack } from './dashboard-stack';

// The dashboard as a person uses it: real Chromium against the real service (API serving the
// built dashboard, both workers, PostgreSQL, Redis), the company websites played by local
// fixtures. The steps build on each other, in order, like one user's afternoon.

const sites = dashboardSites();
const receiver = new WebhookReceiver();
const HOOKS = 'hooks.northwind-e2e.com';
let stack: DashboardStack;
let browser: Browser;
let owner: { context: BrowserContext; page: Page };
const PASSWORD = 'correct horse battery staple';
const OWNER_EMAIL = 'owner@northwind-e2e.com';
let apiKey = '';
let keyJobId = '';
let batchPath = '';
let mainJobPath = '';

const url = (path: string) => `${stack.baseUrl}${path}`;

const signUp = (page: Page, email: string, teamName?: string) => signUpAs(page, email, PASSWORD, teamName);

/** Waits (up to 10 s) until `locator` matches exactly `count` elements: the page renders asynchronously. */
async function expectCount(locator: Locator, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await locator.count()) !== count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await locator.count()).toBe(count);
}

/** The paths (and queries) of the API requests `page` makes from now until stop(). */
function requestsOf(page: Page): { stop(): string[] } {
  const paths: string[] = [];
  const listener = (req: { url(): string }) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/dashboard/')) paths.push(`${url.pathname}${url.search}`);
  };
  page.on('request', listener);
  return {
    stop() {
      page.off('request', listener);
      return paths;
    },
  };
}

async function apiCall(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url(path), { ...init, headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...init.headers } });
}

beforeAll(async () => {
  await Promise.all([sites.start(), receiver.start()]);
  await buildDashboard();
  stack = await startDashboardStack(sites, receiver.hostMapEntry(HOOKS));
  browser = await launchBrowser();
  const context = await newUserContext(browser);
  owner = { context, page: await context.newPage() };
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await Promise.all([sites.stop(), receiver.stop()]);
}, 60_000);

describe('the dashboard', () => {
  it('serves its pages under a CSP without unsafe-inline and sends a new visitor to sign in, then sign up', async () => {
    const { page } = owner;
    const response = await page.goto(url('/dashboard/'));
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    await page.waitForURL(/\/dashboard\/sign-in/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectAccessible(page, 'sign-in');
    await screenshot(page, '01-sign-in');

    await page.getByRole('link', { name: 'Create one' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expectAccessible(page, 'sign-up');
    await signUp(page, OWNER_EMAIL, 'Northwind E2E');
    await page.getByText('Enrichments this month').waitFor();
    await expectAccessible(page, 'overview');
    await screenshot(page, '02-overview-empty');
  }, 60_000);

  it('creates an API key, shows it once, and the key works from Node', async () => {
    const { page } = owner;
    await nav(page, 'API keys');
    await page.getByText('No keys yet.').waitFor();
    await page.getByLabel('Name').fill('e2e key');
    await page.getByRole('button', { name: 'Create key' }).click();
    apiKey = (await page.getByTestId('new-key').textContent())!.trim();
    expect(apiKey).toMatch(/^ce_live_\w{32}$/);
    expect(await page.locator('#new-key-curl').textContent()).toContain(`${stack.baseUrl}/enrich`);
    await page
      .getByRole('row', { name: /e2e key/ })
      .getByText('Active')
      .waitFor();
    await expectAccessible(page, 'keys');
    await screenshot(page, '03-key-created');

    const submitted = await apiCall('/enrich', { method: 'POST', body: JSON.stringify({ domain: KEY_DOMAIN }) });
    expect(submitted.status).toBe(202);
    keyJobId = ((await submitted.json()) as { jobId: string }).jobId;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const job = (await (await apiCall(`/enrich/${keyJobId}`)).json()) as { status: string; data?: { name: string } };
      if (job.status === 'completed') {
        expect(job.data?.name).toBe('Keycheck Labs');
        break;
      }
      if (Date.now() > deadline) throw new Error(`the key's job is still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 60_000);

  it('enriches a domain typed as a URL: processing, then the full record with its provenance', async () => {
    const { page } = owner;
    const asked = requestsOf(page);
    await nav(page, 'Enrich');
    await page.getByLabel('Domain or URL').fill(`https://www.${MAIN_DOMAIN}/about`);
    await page.getByRole('button', { name: 'Enrich', exact: true }).click();
    await page.waitForURL(/\/dashboard\/enrich\/[0-9a-f-]{36}$/);
    mainJobPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: MAIN_DOMAIN }).waitFor();
    // The homepage answers after 1.5 s: the page shows the job processing, then completes from its event stream.
    await page.getByText('Processing', { exact: true }).waitFor();
    await screenshot(page, '04-enrich-processing');
    await page.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { level: 2, name: MAIN_NAME }).waitFor();
    // The update came from the stream: the job was read once, then followed on /events, never polled.
    const jobPath = `/api/enrich/${mainJobPath.split('/').pop()}`;
    await expect(page.getByTestId('job-status').getAttribute('data-updated-by')).resolves.toBe('stream');
    expect(asked.stop().filter((path) => path.startsWith(jobPath))).toEqual([jobPath, `${jobPath}/events`]);

    const nameRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Name', exact: true }) });
    await expect(nameRow.textContent()).resolves.toMatch(/website.*json-ld.*observed/s);
    await expect(nameRow.getByRole('link').first().getAttribute('href')).resolves.toMatch(new RegExp(`^https?://(www\\.)?${MAIN_DOMAIN}/`));
    const linkedin = page.getByRole('link', { name: /linkedin\.com\/company\/northwind-e2e/ }).first();
    await expect(linkedin.getAttribute('rel')).resolves.toContain('noopener');
    await page.getByText('Seattle', { exact: false }).first().waitFor();
    await expectAccessible(page, 'enrich record');
    await screenshot(page, '05-enrich-record');
  }, 60_000);

  it('bulk: a dropped 50-row CSV is previewed, submitted, followed to 100 % and downloaded as a results CSV', async () => {
    const { page } = owner;
    const csv = bulkCsv();
    await nav(page, 'Bulk');
    await page.getByText('Drop a CSV file here').waitFor();
    // Dropped as a person would drag it from their file manager.
    const dataTransfer = await page.evaluateHandle((text) => {
      // Runs in the page, where the DOM's DataTransfer and File exist.
      const dom = globalThis as any;
      const transfer = new dom.DataTransfer();
      transfer.items.add(new dom.File([text], 'companies.csv', { type: 'text/csv' }));
      return transfer;
    }, csv.text);
    await page.getByTestId('dropzone').dispatchEvent('drop', { dataTransfer });
    const preview = page.getByTestId('bulk-preview');
    await preview.waitFor();
    await expect(page.getByTestId('preview-entries').textContent()).resolves.toBe('50');
    await expect(page.getByTestId('preview-valid').textContent()).resolves.toBe('40');
    await expect(page.getByTestId('preview-duplicates').textContent()).resolves.toBe('5');
    await expect(page.getByTestId('preview-invalid').textContent()).resolves.toBe('5');
    // Two enrichments so far this month (the key's and the Enrich page's).
    await expect(page.getByTestId('preview-cost').textContent()).resolves.toMatch(/^40\s*of 248 left/);
    for (const entry of ['localhost', '127.0.0.1', 'not a domain']) await preview.getByRole('cell', { name: entry, exact: true }).waitFor();
    await expectAccessible(page, 'bulk preview');
    await screenshot(page, '06-bulk-preview');

    const asked = requestsOf(page);
    const submission = page.waitForRequest((req) => req.method() === 'POST' && new URL(req.url()).pathname === '/api/enrich/bulk');
    await page.getByRole('button', { name: 'Enrich 40 companies' }).click();
    // Sent through the official client: with an Idempotency-Key, so a retried upload is never admitted twice.
    expect((await submission).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await page.waitForURL(/\/dashboard\/bulk\/bat_/);
    batchPath = new URL(page.url()).pathname;
    await page.getByTestId('batch-progress').waitFor();
    await screenshot(page, '07-batch-progress');
    await page
      .getByTestId('batch-progress')
      .filter({ hasText: /^100% · 40 of 40 done/ })
      .waitFor({ timeout: 90_000 });
    await expect(page.getByTestId('batch-completed').textContent()).resolves.toBe('40');
    // The counts came from the batch's event stream: read at the start and once at the end, not every second.
    await expect(page.getByTestId('batch-progress').getAttribute('data-updated-by')).resolves.toBe('stream');
    const batchApi = `/api/enrich/bulk/${batchPath.split('/').pop()}`;
    const batchReads = asked.stop().filter((path) => path.startsWith(batchApi));
    expect(batchReads.filter((path) => path === `${batchApi}/events`)).toHaveLength(1);
    expect(batchReads.filter((path) => path === `${batchApi}?page=1&limit=1`).length).toBeLessThanOrEqual(2);
    await page.getByRole('link', { name: 'Download results CSV' }).waitFor();
    await page.getByTestId('batch-items').waitFor();
    await page.getByLabel('Status').selectOption('invalid');
    await expectCount(page.getByTestId('batch-items').locator('tbody tr'), 5);
    await page.getByLabel('Status').selectOption('all');
    await expectAccessible(page, 'batch');
    await screenshot(page, '08-batch-done');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download results CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^batch-bat_\w+\.csv$/);
    const rows = parse(await readFile((await download.path())!, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<
      string,
      string
    >[];
    expect(rows).toHaveLength(50);
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['domain', 'owner', 'name', 'confidence', 'sources', 'status', 'error']));
    rows.forEach((row, i) => {
      const sent = csv.rows[i]!;
      expect([i, row.domain, row.owner]).toEqual([i, sent.domain, `owner-${i + 1}`]);
      expect([sent.domain, row.status]).toEqual([sent.domain, sent.kind === 'valid' ? 'completed' : sent.kind]);
    });
    const first = rows.find((row) => row.domain === BULK_DOMAINS[0])!;
    expect(first.name).toBe('Bulk Company 1');
  }, 150_000);

  it('searches and pages through the companies, and opens one', async () => {
    const { page } = owner;
    await nav(page, 'Companies');
    await page.getByRole('heading', { name: '42 companies' }).waitFor();
    await page.getByLabel('Per page').selectOption('10');
    await page.getByText('Page 1 of 5 · 42 in all').waitFor();
    await expectCount(page.getByTestId('companies-table').locator('tbody tr'), 10);
    await expectAccessible(page, 'companies');
    await screenshot(page, '09-companies');
    const firstPage = await page.getByTestId('companies-table').locator('tbody tr').allTextContents();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 5 · 42 in all').waitFor();
    await expectCount(page.getByTestId('companies-table').locator('tbody tr'), 10);
    const secondPage = await page.getByTestId('companies-table').locator('tbody tr').allTextContents();
    expect(secondPage.filter((row) => firstPage.includes(row))).toEqual([]);

    await page.getByRole('searchbox', { name: 'Search' }).fill('northwind');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: '1 companies' }).waitFor();
    await page.getByRole('link', { name: MAIN_NAME }).click();
    await page.getByRole('heading', { level: 1, name: MAIN_NAME }).waitFor();
    await page.getByRole('table', { name: 'Firmographics' }).waitFor();
    // The same page opened from its address finds the company by itself.
    await page.reload();
    await page.getByRole('table', { name: 'Firmographics' }).waitFor();
    await expectAccessible(page, 'company');
    await screenshot(page, '10-company');
  }, 60_000);

  it('monitors: watches typed domains and a CSV, pauses, resumes and removes one; the team’s and the company’s change feeds', async () => {
    const { page } = owner;
    await nav(page, 'Monitors');
    await page.getByText('No monitored companies yet.').waitFor();
    await page
      .getByLabel('Domains or URLs, one per line (or separated by commas)')
      .fill(`https://www.${MAIN_DOMAIN}/\nwatch-one-e2e.com\nlocalhost`);
    await page.getByLabel('Check every').selectOption('monthly');
    await page.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect(page.getByTestId('monitor-add-result').textContent()).resolves.toBe('2 added, 0 already watched, 1 invalid');
    await expectCount(page.getByTestId('monitors-table').locator('tbody tr'), 2);

    await page.getByText('Upload a CSV').click();
    await page.getByLabel('A CSV file with a domain, website or url column').setInputFiles({
      name: 'watch.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`company,website\nTwo,watch-two-e2e.com\nMain,${MAIN_DOMAIN}\n`),
    });
    await page.getByText('watch.csv').waitFor();
    await page.getByRole('button', { name: 'Watch', exact: true }).click();
    await page.getByText('1 added, 1 already watched, 0 invalid').waitFor();
    await expectCount(page.getByTestId('monitors-table').locator('tbody tr'), 3);

    const main = page.getByTestId(`monitor-${MAIN_DOMAIN}`);
    await main.getByText('Active').waitFor();
    await main.getByText('Not yet').waitFor();
    await main.getByRole('button', { name: `Pause ${MAIN_DOMAIN}` }).click();
    await main.getByText('Paused by your team').waitFor();
    // The table filters by state (GET /monitors?state=): the paused one, the others, none failing.
    const monitorRows = page.getByTestId('monitors-table').locator('tbody tr');
    await page.getByLabel('State', { exact: true }).selectOption('paused');
    await expectCount(monitorRows, 1);
    await main.getByText('Paused by your team').waitFor();
    await page.getByLabel('State', { exact: true }).selectOption('active');
    await expectCount(monitorRows, 2);
    await expect(main.count()).resolves.toBe(0);
    await page.getByLabel('State', { exact: true }).selectOption('failing');
    await page.getByText('No failing monitors.').waitFor();
    await page.getByLabel('State', { exact: true }).selectOption('all');
    await expectCount(monitorRows, 3);
    await main.getByRole('button', { name: `Resume ${MAIN_DOMAIN}` }).click();
    await main.getByText('Active').waitFor();
    await page.getByTestId('monitor-watch-two-e2e.com').getByRole('button', { name: 'Remove watch-two-e2e.com' }).click();
    await page.getByRole('dialog', { name: 'Stop watching watch-two-e2e.com?' }).getByRole('button', { name: 'Remove' }).click();
    await expectCount(page.getByTestId('monitors-table').locator('tbody tr'), 2);

    // A change a check found (the checks themselves are the integration tests'): in the team's feed and the company's.
    const { db } = stack.database;
    const job = await db.enrichmentJob.findFirstOrThrow({ where: { domain: MAIN_DOMAIN }, orderBy: { createdAt: 'desc' } });
    await db.companyChange.create({
      data: {
        id: `chg_e2e${Date.now().toString(36)}`,
        domain: MAIN_DOMAIN,
        field: 'employeeCount',
        oldValue: '11-50',
        newValue: '51-200',
        observedAt: new Date(),
        sources: ['linkedin'],
        jobId: job.id,
      },
    });
    await page.reload();
    const feed = page.getByTestId('change-feed');
    await feed.getByRole('cell', { name: '51-200' }).waitFor();
    await feed.getByRole('cell', { name: '11-50' }).waitFor();
    await expectAccessible(page, 'monitors');
    await screenshot(page, '10b-monitors');
    await feed.getByRole('link', { name: MAIN_DOMAIN }).click();
    await page.getByRole('heading', { level: 1, name: MAIN_NAME }).waitFor();
    await page.getByRole('heading', { name: 'Changes' }).waitFor();
    await page.getByTestId('change-feed').getByRole('cell', { name: 'Employees' }).waitFor();
    await expectAccessible(page, 'company changes');
  }, 60_000);

  it('webhooks: registers an endpoint, shows its secret once, and logs a signed delivery of an enrichment; resend, rotate, disable, delete', async () => {
    const { page } = owner;
    await nav(page, 'Webhooks');
    await page.getByText('No endpoints yet.').waitFor();
    await page.getByLabel('Endpoint URL').fill(`https://${HOOKS}/dashboard`);
    await page.getByLabel(/^Description/).fill('E2E receiver');
    await expect(page.getByRole('checkbox', { name: /Job completed/ }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('new-webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await page.getByRole('button', { name: 'Copy secret' }).waitFor();
    await page.getByTestId('webhooks-table').getByText('Enabled').waitFor();
    await expectAccessible(page, 'webhooks');
    await screenshot(page, '14-webhook-created');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('new-webhook-secret').count()).resolves.toBe(0);

    // Its events: job.failed off.
    await page.getByRole('link', { name: `https://${HOOKS}/dashboard` }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhook endpoint' }).waitFor();
    await page.getByRole('checkbox', { name: /Job failed/ }).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    const endpointPath = new URL(page.url()).pathname;

    // An enrichment (of a company stored minutes ago: it completes at once, free) owes a job.completed.
    await nav(page, 'Enrich');
    await page.getByLabel('Domain or URL').fill(MAIN_DOMAIN);
    await page.getByRole('button', { name: 'Enrich', exact: true }).click();
    await page.waitForURL(/\/dashboard\/enrich\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 2, name: MAIN_NAME }).waitFor({ timeout: 30_000 });
    const jobId = new URL(page.url()).pathname.split('/').at(-1)!;

    await page.goto(url(endpointPath));
    const row = page.getByTestId('deliveries-table').locator('tbody tr').filter({ hasText: jobId });
    await row.getByText('Delivered').waitFor({ timeout: 30_000 });
    const deliveryId = (await row.getAttribute('data-delivery-id'))!;
    const [hit] = await receiver.waitFor((received) => received.some((h) => h.headers['webhook-id'] === deliveryId));
    const received = receiver.received.filter((h) => h.headers['webhook-id'] === deliveryId);
    expect(received).toHaveLength(1);
    expect(hit).toBeDefined();
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: 'job.completed', data: { jobId, status: 'completed', data: { name: MAIN_NAME } } });
    await row.getByText('1 attempt').click();
    await row.getByText('HTTP 200').waitFor();
    await expectAccessible(page, 'webhook deliveries');
    await screenshot(page, '15-webhook-delivered');

    // Resent: the same message again.
    await row.getByRole('button', { name: `Resend delivery ${deliveryId}` }).click();
    await receiver.waitFor((all) => all.filter((h) => h.headers['webhook-id'] === deliveryId).length === 2);
    await row.getByText('2 attempts').waitFor({ timeout: 15_000 });

    // A new secret, shown once; the previous one keeps signing meanwhile.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = (await page.getByTestId('new-webhook-secret').textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page
      .getByTestId('webhook-status')
      .getByText(/the previous one also signs until/)
      .waitFor();

    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByTestId('webhook-status').getByText('disabled by its owner').waitFor();
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await page.getByTestId('webhook-status').getByText('Enabled').waitFor();

    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await expectAccessible(page, 'delete webhook dialog');
    await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.waitForURL(/\/dashboard\/webhooks$/);
    await page.getByText('No endpoints yet.').waitFor();
  }, 90_000);

  it('revokes the key after a confirmation, and the API then refuses it', async () => {
    const { page } = owner;
    await nav(page, 'API keys');
    await page.getByRole('button', { name: 'Revoke key e2e key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
    await dialog.waitFor();
    await expectAccessible(page, 'revoke dialog');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('row', { name: /e2e key/ })
      .getByText('Revoked')
      .waitFor();
    // A key is trusted for KEY_CACHE_MS (5 s) by each API process.
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await apiCall(`/enrich/${keyJobId}`)).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(401);
  }, 60_000);

  it('a member invited by link sees the team’s data; a user of another team sees none of it', async () => {
    const { page } = owner;
    await nav(page, 'Team');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    const inviteUrl = (await page.getByTestId('invite-url').textContent())!.trim();
    expect(inviteUrl).toMatch(new RegExp(`^${stack.baseUrl}/dashboard/join/`));
    await page.getByRole('cell', { name: 'Pending' }).waitFor();
    await expectAccessible(page, 'team');
    await screenshot(page, '11-team');

    const memberContext = await newUserContext(browser);
    const member = await memberContext.newPage();
    await member.goto(inviteUrl);
    await member.getByRole('heading', { name: 'Join Northwind E2E' }).waitFor();
    await expectAccessible(member, 'join');
    await screenshot(member, '13-join');
    await signUp(member, 'member@northwind-e2e.com');
    await nav(member, 'Companies');
    await member.getByRole('heading', { name: '42 companies' }).waitFor();
    await member.goto(url(batchPath));
    await member.getByTestId('batch-progress').filter({ hasText: /^100%/ }).waitFor();
    await member.goto(url(mainJobPath));
    await member.getByRole('heading', { level: 2, name: MAIN_NAME }).waitFor();
    await nav(member, 'Team');
    await expectCount(member.getByTestId('members-table').locator('tbody tr'), 2);
    await member.getByText('Only team owners can invite people.').waitFor();
    // The invite is used up.
    const again = await memberContext.browser()!.newContext();
    const stranger = await again.newPage();
    await stranger.goto(inviteUrl);
    await stranger.getByText('This invite cannot be used').waitFor();
    await again.close();
    await memberContext.close();

    const otherContext = await newUserContext(browser);
    const other = await otherContext.newPage();
    await other.goto(url('/dashboard/sign-up'));
    await signUp(other, 'someone@elsewhere-e2e.com');
    await nav(other, 'Companies');
    await other.getByText('No companies yet.').waitFor();
    await other.goto(url(batchPath));
    await other.getByRole('alert').filter({ hasText: 'BATCH_NOT_FOUND' }).waitFor();
    await expectAccessible(other, 'error state');
    await other.goto(url(mainJobPath));
    await other.getByRole('alert').filter({ hasText: 'JOB_NOT_FOUND' }).waitFor();

    // With its event stream refused, the job page falls back to polling and still follows the job.
    await other.route('**/enrich/*/events', (route) => route.abort());
    await nav(other, 'Enrich');
    await other.getByLabel('Domain or URL').fill(FALLBACK_DOMAIN);
    await other.getByRole('button', { name: 'Enrich', exact: true }).click();
    await other.getByText('Processing', { exact: true }).waitFor();
    await other.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    await other.getByRole('heading', { level: 2, name: 'Fallback Foods' }).waitFor();
    await expect(other.getByTestId('job-status').getAttribute('data-updated-by')).resolves.toBe('poll');
    await otherContext.close();
  }, 90_000);

  it('signs out: the pages then lead to sign-in; no page logged a CSP violation', async () => {
    const { page } = owner;
    await nav(page, 'Overview');
    // 42 companies enriched today: the month's count and today's bar.
    await page.getByText(/^42\s*of 250$/).waitFor();
    await page.getByRole('img', { name: /Enrichments per day over the last 30 days: 42 in all/ }).waitFor();
    await expectAccessible(page, 'overview with usage');
    await screenshot(page, '12-overview');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/dashboard\/sign-in/);
    await page.goto(url('/dashboard/keys'));
    await page.waitForURL(/\/dashboard\/sign-in\?next=%2Fkeys/);
    await page.getByLabel('Email').fill(OWNER_EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(/\/dashboard\/sign-in/);
    expect(cspViolations).toEqual([]);
  }, 60_000);
});

afterAll(() => {
  if (cspViolations.length) console.log(`CSP violations:\n${cspViolations.join('\n')}\n(apps' log: ${LOG_FILE})`);
});
