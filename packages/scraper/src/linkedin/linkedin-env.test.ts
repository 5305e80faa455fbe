import { loadConfig } from '@enrich/config';
import { linkedInEnv } from './linkedin-env';

describe('linkedInEnv', () => {
  it('defaults: enabled, 20 a minute, 10 s wait, 60 s backoff', () => {
    expect(loadConfig(linkedInEnv, {})).toEqual({
      LINKEDIN_ENABLED: true,
      LINKEDIN_REQUESTS_PER_MINUTE: 20,
      LINKEDIN_MAX_WAIT_MS: 10_000,
      LINKEDIN_BACKOFF_BASE_MS: 60_000,
    });
  });

  it('reads the variables', () => {
    expect(
      loadConfig(linkedInEnv, {
        LINKEDIN_ENABLED: 'false',
        LINKEDIN_REQUESTS_PER_MINUTE: '5',
        LINKEDIN_MAX_WAIT_MS: '0',
        LINKEDIN_BACKOFF_BASE_MS: '120000',
      }),
    ).toEqual({ LINKEDIN_ENABLED: false, LINKEDIN_REQUESTS_PER_MINUTE: 5, LINKEDIN_MAX_WAIT_MS: 0, LINKEDIN_BACKOFF_BASE_MS: 120_000 });
  });

  it.each([
    ['LINKEDIN_ENABLED', 'sometimes'],
    ['LINKEDIN_REQUESTS_PER_MINUTE', '0'],
    ['LINKEDIN_REQUESTS_PER_MINUTE', '2.5'],
    ['LINKEDIN_MAX_WAIT_MS', '-1'],
    ['LINKEDIN_BACKOFF_BASE_MS', '10'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig(linkedInEnv, { [name]: value })).toThrow(new RegExp(name));
  });
});
