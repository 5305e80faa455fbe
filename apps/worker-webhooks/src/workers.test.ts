import { spawnSync } from 'node:child_process';
import path from 'node:path';

// worker-webhooks delivers webhooks and nothing else: loading its worker (as main.ts does, in a
// fresh node process) must load neither the scraper (crawl, extractors, Chromium pool) nor
// Playwright, nor the enrichment pipeline's steps. The guarded fetcher it needs is a package of
// its own (@enrich/guarded-fetch).
function modulesLoadedBy(entry: string): string[] {
  const script = `
    require(${JSON.stringify(entry)});
    console.log(JSON.stringify(Object.keys(require.cache)));
  `;
  const { PATH, HOME } = process.env;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { env: { PATH, HOME }, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as string[];
}

it('loads the delivery step without the scraper, Playwright or the pipeline', () => {
  const loaded = modulesLoadedBy(path.join(__dirname, 'workers.ts')).map((file) => file.split(path.sep).join('/'));
  // What it does load: the delivery step and the guarded fetcher (so the list is the real one).
  expect(loaded.some((file) => file.endsWith('/packages/webhooks/src/delivery-step.ts'))).toBe(true);
  expect(loaded.some((file) => file.endsWith('/packages/guarded-fetch/src/fetch-resource.ts'))).toBe(true);
  expect(loaded.filter((file) => /\/packages\/(scraper|pipeline)\/|\/node_modules\/(playwright|playwright-core)\//.test(file))).toEqual([]);
}, 30_000);
