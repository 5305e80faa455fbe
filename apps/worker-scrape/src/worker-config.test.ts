import { ConfigError, loadConfig } from '@enrich/config';
import { lookupHostMap } from '@enrich/scraper';
import { workerEnv } from './worker-config';

describe('worker configuration', () => {
  it('parses the scraper host map at start-up', () => {
    const config = loadConfig(workerEnv, { SCRAPER_HOST_MAP: 'acme.com=127.0.0.1:4101' });
    expect(lookupHostMap(config.SCRAPER_HOST_MAP, 'www.acme.com')).toEqual({ host: '127.0.0.1', port: 4101 });
    expect(config.SCRAPE_CONCURRENCY).toBe(10);
  });

  it('refuses a malformed host map, naming the variable', () => {
    expect(() => loadConfig(workerEnv, { SCRAPER_HOST_MAP: 'acme.com=nowhere' })).toThrow(ConfigError);
    expect(() => loadConfig(workerEnv, { SCRAPER_HOST_MAP: 'acme.com=nowhere' })).toThrow(/SCRAPER_HOST_MAP: .*acme\.com=nowhere/);
  });

  it('refuses a lock duration too short to renew', () => {
    expect(() => loadConfig(workerEnv, { WORKER_LOCK_DURATION_MS: '10' })).toThrow(/WORKER_LOCK_DURATION_MS/);
  });
});
