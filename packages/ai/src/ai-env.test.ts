import { ConfigError, loadConfig } from '@enrich/config';
import { aiEnv } from './ai-env';
import { createAiSource } from './ai-source';

describe('aiEnv', () => {
  it('has defaults and an empty key when nothing is set', () => {
    expect(loadConfig(aiEnv, {})).toEqual({
      ANTHROPIC_API_KEY: '',
      AI_MODEL: 'claude-sonnet-5-5',
      AI_MAX_OUTPUT_TOKENS: 2048,
      AI_INPUT_TOKEN_BUDGET: 8000,
      AI_TIMEOUT_MS: 60_000,
      AI_CONCURRENCY: 4,
      AI_MAX_RETRIES: 3,
      AI_MAX_RETRY_DELAY_MS: 30_000,
      LLM_PRICE_INPUT_USD_PER_MTOK: 3,
      LLM_PRICE_OUTPUT_USD_PER_MTOK: 15,
    });
  });

  it('refuses bad values naming the variable, and never quotes the key', () => {
    expect(() => loadConfig(aiEnv, { AI_CONCURRENCY: '0' })).toThrow(/AI_CONCURRENCY/);
    expect(() => loadConfig(aiEnv, { AI_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig(aiEnv, { LLM_PRICE_OUTPUT_USD_PER_MTOK: 'free' })).toThrow(/LLM_PRICE_OUTPUT_USD_PER_MTOK/);
    expect(loadConfig(aiEnv, { LLM_PRICE_INPUT_USD_PER_MTOK: '0.8' }).LLM_PRICE_INPUT_USD_PER_MTOK).toBe(0.8);
    const failure = (() => {
      try {
        loadConfig(aiEnv, { ANTHROPIC_API_KEY: 'sk-secret', AI_MAX_RETRIES: '99' });
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ConfigError);
    expect(String(failure)).toMatch(/AI_MAX_RETRIES/);
    expect(String(failure)).not.toContain('sk-secret');
  });

  it('turns the source off without a key', () => {
    expect(createAiSource(loadConfig(aiEnv, {}))).toEqual({ enabled: false });
    expect(createAiSource(loadConfig(aiEnv, { ANTHROPIC_API_KEY: '   ' }))).toEqual({ enabled: false });
    const source = createAiSource(loadConfig(aiEnv, { ANTHROPIC_API_KEY: 'sk-test' }));
    expect(source).toMatchObject({ enabled: true, model: 'claude-sonnet-5-5' });
  });
});
