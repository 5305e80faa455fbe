import { apiEnv, ConfigError, loadConfig, workerEnv } from './index';

describe('loadConfig', () => {
  it('fills defaults from an empty environment', () => {
    const config = loadConfig(apiEnv, {});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/enrichment');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.JOB_ATTEMPTS).toBe(3);
  });

  it('reads numbers from strings', () => {
    expect(loadConfig(apiEnv, { PORT: '4100' }).PORT).toBe(4100);
    expect(loadConfig(workerEnv, { SCRAPER_TIMEOUT_MS: '1500' }).SCRAPER_TIMEOUT_MS).toBe(1500);
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig(apiEnv, { PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig(apiEnv, { PORT: 'abc' })).toThrow(/PORT: must be a whole number/);
    expect(() => loadConfig(apiEnv, { PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig(apiEnv, { DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig(apiEnv, { LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig(workerEnv, { REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
  });
});
