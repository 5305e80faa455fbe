import { z } from 'zod';
import { ConfigError, dashboardEnv, databaseEnv, envBool, envInt, loadConfig, logEnv, queueStoreEnv } from './index';

const schema = z
  .object({ PORT: envInt(3000, 0, 65_535), VERBOSE: envBool(false) })
  .extend(databaseEnv.shape)
  .extend(queueStoreEnv.shape)
  .extend(logEnv.shape);

describe('loadConfig', () => {
  it('fills defaults from an empty environment', () => {
    const config = loadConfig(schema, {});
    expect(config).toEqual({
      PORT: 3000,
      VERBOSE: false,
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/enrichment',
      POSTGRES_MODE: 'server',
      QUEUE_STORE: 'redis',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_CLUSTER: false,
      QUEUE_PREFIX: 'enrich',
      LOG_LEVEL: 'info',
    });
  });

  it('reads numbers and booleans from strings', () => {
    expect(loadConfig(schema, { PORT: '4100', VERBOSE: 'yes' })).toMatchObject({ PORT: 4100, VERBOSE: true });
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig(schema, { PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig(schema, { PORT: 'abc' })).toThrow(/PORT: must be a whole number \(got "abc"\)/);
    expect(() => loadConfig(schema, { PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig(schema, { DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig(schema, { LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig(schema, { REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig(schema, { REDIS_CLUSTER: 'sometimes' })).toThrow(/REDIS_CLUSTER/);
    expect(() => loadConfig(schema, { VERBOSE: 'maybe' })).toThrow(/VERBOSE/);
  });

  it('reads the dashboard settings, fractions of hours and days included', () => {
    expect(loadConfig(dashboardEnv, {})).toEqual({ SIGNUP_MODE: 'open', SESSION_IDLE_HOURS: 168, SESSION_MAX_DAYS: 30 });
    expect(loadConfig(dashboardEnv, { SIGNUP_MODE: 'invite', SESSION_IDLE_HOURS: '0.001', SESSION_MAX_DAYS: '2.5' })).toEqual({
      SIGNUP_MODE: 'invite',
      SESSION_IDLE_HOURS: 0.001,
      SESSION_MAX_DAYS: 2.5,
    });
    expect(() => loadConfig(dashboardEnv, { SIGNUP_MODE: 'sometimes' })).toThrow(/SIGNUP_MODE/);
    expect(() => loadConfig(dashboardEnv, { SESSION_IDLE_HOURS: '-1' })).toThrow(/SESSION_IDLE_HOURS/);
    expect(() => loadConfig(dashboardEnv, { SESSION_MAX_DAYS: '0' })).toThrow(/SESSION_MAX_DAYS/);
  });
});
