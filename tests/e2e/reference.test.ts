import { issueApiKey } from '@enrich/api-keys';
import { FixtureSites } from '@enrich/testkit';
import type { Browser, BrowserContext, Page } from 'playwright';
import { cspViolations, launchBrowser, newUserContext, screenshot } from './browser';
import { type DashboardStack, startDashboardStack } from './dashboard-stack';

// The API reference page (GET /reference) in Chromium, on a machine with no internet: every
// request to anything but the service itself is aborted, and the page must still show every
// operation of the OpenAPI document (GET /openapi.json) and its webhooks, and send a request
// with an API key from "Try it out".

const sites = new FixtureSites();
let stack: DashboardStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Requests the page made to anything but the service: each was aborted. */
const outside: string[] = [];

const url = (path: string) => `${stack.baseUrl}${path}`;

interface Operation {
  operationId: string;
  summary: string;
}
type OpenApi = Record<'paths' | 'webhooks', Record<string, Record<string, Operation | unknown>>>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The operationIds of a section of the document (its paths, or its webhooks). */
function operationIds(section: OpenApi['paths']): string[] {
  return Object.values(section).flatMap((item) => METHODS.filter((m) => item[m]).map((m) => (item[m] as Operation).operationId));
}

/** The operationIds the page shows (Swagger UI's displayOperationId) under `scope`. */
async function shownIds(scope: string): Promise<string[]> {
  return page.locator(`${scope} .opblock-summary-operation-id`).allTextContents();
}

beforeAll(async () => {
  await sites.start();
  stack = await startDashboardStack(sites);
  browser = await launchBrowser();
  context = await newUserContext(browser);
  const origin = new URL(stack.baseUrl).origin;
  await context.route('**/*', (route) => {
    const target = route.request().url();
    if (new URL(target).origin === origin) return route.continue();
    outside.push(target);
    return route.abort('internetdisconnected');
  });
  page = await context.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await sites.stop();
}, 60_000);

describe('the API reference page', () => {
  let document: OpenApi;

  it('is served without a key, under a CSP of its own origin only', async () => {
    document = (await (await fetch(url('/openapi.json'))).json()) as OpenApi;
    const response = await page.goto(url('/reference'));
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    await page.locator('.opblock').first().waitFor();
  });

  it('shows every operation of the document, by its operationId', async () => {
    const expected = operationIds(document.paths);
    expect(expected.length).toBeGreaterThan(30);
    await page
      .locator('.opblock-summary-operation-id', { hasText: expected.at(-1) })
      .first()
      .waitFor();
    const shown = await shownIds('.opblock-tag-section');
    expect([...shown].sort()).toEqual([...expected].sort());
  });

  it('shows the webhooks, by their operationId', async () => {
    const expected = operationIds(document.webhooks);
    expect(expected).toHaveLength(4);
    await page.getByRole('heading', { name: 'Webhooks', exact: true }).last().waitFor();
    const shown = await shownIds('.webhooks');
    expect([...shown].sort()).toEqual([...expected].sort());
  });

  it('sends a request with the API key given to Authorize, from Try it out', async () => {
    const { key } = await issueApiKey(stack.database.db, `reference-e2e-${process.pid}`);
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    const dialog = page.locator('.modal-ux');
    // Swagger UI's dialog: a form per scheme, whose Authorize button is labelled "Apply credentials".
    const bearer = dialog.locator('.auth-container', { hasText: 'bearerAuth' });
    await bearer.locator('input').fill(key);
    await bearer.getByRole('button', { name: 'Apply credentials' }).click();
    await bearer.getByText('Authorized').waitFor();
    await bearer.getByRole('button', { name: 'Close' }).click();

    const operation = page.locator('#operations-Usage-getUsage');
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/usage');
    await operation.getByRole('button', { name: 'Execute' }).click();
    const response = await answered;
    expect(response.request().headers().authorization).toBe(`Bearer ${key}`);
    expect(response.status()).toBe(200);
    // And the page shows the answer: its status, and the body with the team's plan.
    const shown = operation.locator('.live-responses-table tbody .response-col_status');
    await shown.waitFor();
    expect((await shown.textContent())?.trim()).toBe('200');
    expect(await operation.locator('.live-responses-table tbody .response-col_description').textContent()).toContain('"plan": "free"');
    await screenshot(page, 'reference-try-it');
  });

  it('asked nothing of any other host, and broke no CSP rule', () => {
    expect(outside).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
