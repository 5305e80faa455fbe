import { type AiEnv, type AiSource, aiEnv, createAiSource, type ExtractInput } from '@enrich/ai';
import { loadConfig } from '@enrich/config';
import { AppError } from '@enrich/errors';
import { FakeAnthropic, type FakeReply, SAMPLE_AI_ANSWER } from '@enrich/testkit';

// The AI source through the real @anthropic-ai/sdk against a local fake of the Messages API.

const VALID = SAMPLE_AI_ANSWER;
const INVALID = { ...VALID, businessStage: 'seed-stage', employeeCount: 'about 120' };

const INPUT: ExtractInput = {
  domain: 'acme.test',
  name: 'Acme',
  pages: [{ url: 'https://acme.test/', text: 'Acme builds invoicing software for logistics companies. Series B, 120 people.' }],
};

const tool = (input: unknown, usage = { input_tokens: 1000, output_tokens: 200 }): FakeReply => ({ kind: 'tool', input, usage });

let fake: FakeAnthropic;

beforeEach(async () => {
  fake = new FakeAnthropic();
  await fake.start();
});

afterEach(async () => {
  await fake.stop();
});

function env(overrides: Record<string, string> = {}): AiEnv {
  return loadConfig(aiEnv, { ANTHROPIC_API_KEY: 'sk-ant-test', AI_TIMEOUT_MS: '3000', ...overrides });
}

function enabledSource(overrides: Record<string, string> = {}): Extract<AiSource, { enabled: true }> {
  const source = createAiSource(env(overrides), { baseURL: fake.baseURL });
  if (!source.enabled) throw new Error('expected the AI source to be enabled');
  return source;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('AI insights source', () => {
  it('returns parsed insights and token usage for a valid tool answer', async () => {
    fake.reply(tool(VALID, { input_tokens: 1234, output_tokens: 321 }));
    const outcome = await enabledSource({ AI_MODEL: 'claude-haiku-5-5', AI_MAX_OUTPUT_TOKENS: '1024' }).extract(INPUT);

    expect(outcome).toEqual({
      ok: true,
      answer: VALID,
      usage: { inputTokens: 1234, outputTokens: 321 },
      model: 'claude-haiku-5-5',
      attempts: 1,
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.headers.authorization).toBe('Bearer sk-ant-test');
    expect(request!.headers['anthropic-version']).toBeDefined();
    const body = request!.body;
    expect(body).toMatchObject({
      model: 'claude-haiku-5-5',
      max_tokens: 1024,
      tool_choice: { type: 'tool', name: 'record_company_profile' },
    });
    expect(body.tools).toHaveLength(1);
    const stage = body.tools[0].input_schema.properties.businessStage;
    expect(stage.anyOf[0].enum).toEqual(['startup', 'growth', 'scaleup', 'enterprise', 'public']);
    expect(body.system).toMatch(/untrusted/);
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0].content).toMatch(/<website_content>[\s\S]*Acme builds invoicing software[\s\S]*<\/website_content>/);
  });

  it('retries an invalid answer once, feeding back the validation error as an is_error tool_result', async () => {
    fake.reply(tool(INVALID, { input_tokens: 1000, output_tokens: 200 }), tool(VALID, { input_tokens: 1500, output_tokens: 250 }));
    const outcome = await enabledSource().extract(INPUT);

    expect(outcome).toMatchObject({ ok: true, answer: VALID, usage: { inputTokens: 2500, outputTokens: 450 }, attempts: 2 });
    expect(fake.requests).toHaveLength(2);
    const [first, retry] = fake.requests.map((r) => r.body);
    const [original, assistant, feedback] = retry.messages;
    expect(original).toEqual(first.messages[0]);
    expect(assistant.role).toBe('assistant');
    const toolUse = assistant.content.find((b: any) => b.type === 'tool_use');
    expect(toolUse).toMatchObject({ name: 'record_company_profile', input: INVALID });
    expect(feedback.role).toBe('user');
    expect(feedback.content).toEqual([
      expect.objectContaining({
        type: 'tool_result',
        tool_use_id: toolUse.id,
        is_error: true,
        content: expect.stringMatching(/businessStage[\s\S]*employeeCount/),
      }),
    ]);
    expect(retry.tool_choice).toEqual(first.tool_choice);
  });

  it('drops an answer that is invalid twice, never returning it as data', async () => {
    fake.reply(tool(INVALID), tool({ ...VALID, b2bMatch: { ...VALID.b2bMatch, score: 250 } }));
    const outcome = await enabledSource().extract(INPUT);

    expect(outcome).toMatchObject({ ok: false, reason: 'invalid_answer', usage: { inputTokens: 2000, outputTokens: 400 }, attempts: 2 });
    expect(outcome).not.toHaveProperty('answer');
    expect(!outcome.ok && outcome.message).toMatch(/b2bMatch/);
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a refusal once with the conversation reset, then drops it', async () => {
    fake.reply({ kind: 'refusal', explanation: 'declined' }, { kind: 'refusal' });
    const outcome = await enabledSource().extract(INPUT);

    expect(outcome).toMatchObject({ ok: false, reason: 'refusal', usage: { inputTokens: 2000, outputTokens: 400 }, attempts: 2 });
    expect(outcome).not.toHaveProperty('answer');
    const retry = fake.requests[1]!.body;
    // No refused assistant turn is carried over; the original request comes back with a note.
    expect(retry.messages).toHaveLength(1);
    expect(retry.messages[0].role).toBe('user');
    expect(retry.messages[0].content[0].text).toBe(fake.requests[0]!.body.messages[0].content);
    expect(retry.messages[0].content[1].text).toMatch(/ended without a call to record_company_profile/);
  });

  it('accepts a good answer after a refusal or an answer without the tool call', async () => {
    fake.reply({ kind: 'refusal' }, tool(VALID), { kind: 'text', text: 'Acme is a software company.' }, tool(VALID));
    const source = enabledSource();
    expect(await source.extract(INPUT)).toMatchObject({ ok: true, attempts: 2 });
    expect(await source.extract(INPUT)).toMatchObject({ ok: true, attempts: 2 });
    expect(fake.requests).toHaveLength(4);
  });

  it('honours retry-after on a 429 and then succeeds', async () => {
    fake.reply({ kind: 'error', status: 429, headers: { 'retry-after': '1' } }, tool(VALID));
    const outcome = await enabledSource().extract(INPUT);

    expect(outcome).toMatchObject({ ok: true, usage: { inputTokens: 1000, outputTokens: 200 } });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('backs off and retries 529 overloaded', async () => {
    fake.reply({ kind: 'error', status: 529 }, { kind: 'error', status: 529, headers: { 'retry-after-ms': '200' } }, tool(VALID));
    const outcome = await enabledSource().extract(INPUT);

    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(350); // backoff 0.5 s minus jitter
    expect(fake.requests[2]!.at - fake.requests[1]!.at).toBeGreaterThanOrEqual(190);
  });

  it('fails with a retryable error once AI_MAX_RETRIES are spent', async () => {
    fake.reply(
      { kind: 'error', status: 529, headers: { 'retry-after-ms': '10' } },
      { kind: 'error', status: 529, headers: { 'retry-after-ms': '10' } },
      { kind: 'error', status: 529, headers: { 'retry-after-ms': '10' } },
    );
    const error = await failure(enabledSource({ AI_MAX_RETRIES: '1' }).extract(INPUT));

    expect(error).toMatchObject({ code: 'AI_FAILED', retryable: true, details: expect.objectContaining({ status: 529 }) });
    expect(error.message).toMatch(/HTTP 529/);
    expect(fake.requests).toHaveLength(2);
  });

  it('does not sit out a retry-after beyond AI_MAX_RETRY_DELAY_MS: fails at once, retryable, with the wait', async () => {
    fake.reply({ kind: 'error', status: 429, headers: { 'retry-after': '3600' } }, tool(VALID));
    const started = Date.now();
    const error = await failure(enabledSource({ AI_MAX_RETRY_DELAY_MS: '5000' }).extract(INPUT));

    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({ retryable: true, details: { status: 429, retryAfterMs: 3_600_000 } });
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry a request the API rejects (4xx), and marks it not retryable', async () => {
    fake.reply({ kind: 'error', status: 401, message: 'invalid x-api-key' }, tool(VALID));
    const error = await failure(enabledSource().extract(INPUT));

    expect(error).toMatchObject({ code: 'AI_FAILED', retryable: false, details: expect.objectContaining({ status: 401 }) });
    expect(error.message).toMatch(/HTTP 401: invalid x-api-key/);
    expect(fake.requests).toHaveLength(1);
  });

  it('fails a request slower than AI_TIMEOUT_MS with a clear retryable error, without retrying it', async () => {
    fake.reply({ kind: 'hang' }, tool(VALID));
    const started = Date.now();
    const error = await failure(enabledSource({ AI_TIMEOUT_MS: '300' }).extract(INPUT));

    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({ code: 'AI_FAILED', retryable: true, message: 'AI request timed out after 300 ms' });
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a response whose body stalls after the headers', async () => {
    fake.reply({ kind: 'stall-body' });
    const error = await failure(enabledSource({ AI_TIMEOUT_MS: '300' }).extract(INPUT));
    expect(error.message).toBe('AI request timed out after 300 ms');
  });

  it('reports the tokens of a first answer when the retry then fails', async () => {
    fake.reply(tool(INVALID, { input_tokens: 700, output_tokens: 90 }), { kind: 'hang' });
    const error = await failure(enabledSource({ AI_TIMEOUT_MS: '300' }).extract(INPUT));
    expect(error.details).toMatchObject({ kind: 'timeout', usage: { inputTokens: 700, outputTokens: 90 } });
  });

  it('accepts a small latency within the timeout', async () => {
    fake.reply({ ...tool(VALID), latencyMs: 200 });
    expect(await enabledSource({ AI_TIMEOUT_MS: '1500' }).extract(INPUT)).toMatchObject({ ok: true });
  });

  it('keeps at most AI_CONCURRENCY requests in flight', async () => {
    for (let i = 0; i < 5; i += 1) fake.reply({ ...tool(VALID), latencyMs: 150 });
    const source = enabledSource({ AI_CONCURRENCY: '2' });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => source.extract(INPUT)));

    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(fake.maxInFlight).toBe(2);
  });

  it('trims the website text to AI_INPUT_TOKEN_BUDGET, keeping the start of each page', async () => {
    fake.reply(tool(VALID));
    const long = (word: string) => Array.from({ length: 5000 }, (_, i) => `${word}${i}`).join(' ');
    await enabledSource({ AI_INPUT_TOKEN_BUDGET: '1000' }).extract({
      domain: 'acme.test',
      pages: [
        { url: 'https://acme.test/', text: long('home') },
        { url: 'https://acme.test/about', text: long('about') },
      ],
    });
    const content: string = fake.requests[0]!.body.messages[0].content;
    const block = content.slice(content.indexOf('<website_content>'), content.indexOf('</website_content>'));
    expect(block.length).toBeLessThanOrEqual(1000 * 4 + 100);
    expect(block).toContain('home0 home1 home2');
    expect(block).toContain('about0 about1 about2');
    expect(block).not.toContain('home4999');
  });

  it('does not call the API when there is no website text', async () => {
    const outcome = await enabledSource().extract({ domain: 'acme.test', pages: [{ url: 'https://acme.test/', text: '  ' }] });
    expect(outcome).toEqual({
      ok: false,
      reason: 'no_content',
      message: 'no website text to read',
      usage: { inputTokens: 0, outputTokens: 0 },
      model: 'claude-sonnet-5-5',
      attempts: 0,
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('is disabled without ANTHROPIC_API_KEY', () => {
    expect(createAiSource(loadConfig(aiEnv, {}))).toEqual({ enabled: false });
    expect(createAiSource(loadConfig(aiEnv, { ANTHROPIC_API_KEY: '' }), { baseURL: fake.baseURL })).toEqual({ enabled: false });
  });

  describe('with ANTHROPIC_BASE_URL set', () => {
    const saved = process.env.ANTHROPIC_BASE_URL;
    afterEach(() => {
      if (saved === undefined) delete process.env.ANTHROPIC_BASE_URL;
      else process.env.ANTHROPIC_BASE_URL = saved;
    });

    it('sends requests to that endpoint when no baseURL option is given', async () => {
      process.env.ANTHROPIC_BASE_URL = fake.baseURL;
      fake.reply(tool(VALID));
      const source = createAiSource(env());
      if (!source.enabled) throw new Error('expected the AI source to be enabled');

      expect(await source.extract(INPUT)).toMatchObject({ ok: true });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]!.path).toBe('/v1/messages');
    });
  });
});
