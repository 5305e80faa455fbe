import { ConfigError, loadConfig } from '@enrich/config';
import { renderSettingsFrom } from './browser-pool';
import { CHROMIUM_CANDIDATES, defaultChromiumPath, renderEnv } from './render-env';

describe('renderEnv', () => {
  it('has working defaults', () => {
    const env = loadConfig(renderEnv, {});
    expect(env).toEqual({
      RENDER_ENABLED: true,
      CHROMIUM_PATH: defaultChromiumPath(),
      RENDER_MAX_PAGES: 2,
      RENDER_RECYCLE_AFTER: 50,
      RENDER_TIMEOUT_MS: 15_000,
      RENDER_MIN_WORDS: 50,
    });
    expect(renderSettingsFrom(env)).toEqual({ chromiumPath: defaultChromiumPath(), maxPages: 2, recycleAfter: 50, timeoutMs: 15_000 });
  });

  it('takes the headless shell when it is installed, else the full browser', () => {
    expect(defaultChromiumPath(() => true)).toBe('/usr/lib/chromium/chromium-headless-shell');
    expect(defaultChromiumPath((path) => path === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
    expect(defaultChromiumPath(() => false)).toBe('/usr/bin/chromium');
    expect(CHROMIUM_CANDIDATES).toContain(defaultChromiumPath());
  });

  it('reads overrides', () => {
    const env = loadConfig(renderEnv, { RENDER_ENABLED: 'no', CHROMIUM_PATH: '/opt/chrome', RENDER_MAX_PAGES: '4', RENDER_MIN_WORDS: '0' });
    expect(env).toMatchObject({ RENDER_ENABLED: false, CHROMIUM_PATH: '/opt/chrome', RENDER_MAX_PAGES: 4, RENDER_MIN_WORDS: 0 });
  });

  it('names each bad variable', () => {
    const bad = { RENDER_ENABLED: 'maybe', RENDER_MAX_PAGES: '0', RENDER_TIMEOUT_MS: '15s', CHROMIUM_PATH: ' ' };
    const error = (() => {
      try {
        loadConfig(renderEnv, bad);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).issues.map((issue) => issue.split(':')[0]);
    expect(names.sort()).toEqual(['CHROMIUM_PATH', 'RENDER_ENABLED', 'RENDER_MAX_PAGES', 'RENDER_TIMEOUT_MS']);
  });
});
