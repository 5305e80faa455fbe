import { AxeBuilder } from '@axe-core/playwright';
import { CHROMIUM_ARGS } from '@enrich/scraper';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright';

// Debian's Chromium driven by Playwright (its own browser download is impossible here), with
// the flags ENVIRONMENT.md gives. Every page records Content-Security-Policy violations, both
// as the DOM reports them and as the console prints them, so the test can require none.

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The renderer's flags, less those that cut it off from every network: this browser talks to
// the service on 127.0.0.1.
const ARGS = CHROMIUM_ARGS.filter((arg) => !/^--(host-resolver-rules|proxy-server|proxy-bypass-list|force-webrtc)/.test(arg));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}

export const cspViolations: string[] = [];

export async function newUserContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 }, acceptDownloads: true });
  // Injected by Playwright outside the page's CSP.
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) => {
      console.error('CSP violation: ' + event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' (' + event.sourceFile + ':' + event.lineNumber + ')');
    });`,
  });
  context.on('console', (message) => {
    const text = message.text();
    if (/content security policy|CSP violation/i.test(text)) cspViolations.push(`${message.page()?.url()}: ${text}`);
  });
  return context;
}

/** axe-core on the page as it is now: serious and critical violations fail the test. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect([label, report]).toEqual([label, []]);
}

/** Signs up on the sign-up page shown (a new team when teamName is given) and waits for the overview. */
export async function signUp(page: Page, email: string, password: string, teamName?: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  if (teamName) await page.getByLabel('Team name').fill(teamName);
  await page.getByRole('button', { name: /Create account/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

/** Follows a link of the dashboard's main navigation. */
export async function nav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

/** A screenshot for people to look at (SCREENSHOT_DIR), when that is set. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.DASHBOARD_SCREENSHOT_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
