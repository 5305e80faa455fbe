import type Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlock,
  ContentBlockParam,
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { AppError } from '@enrich/errors';
import type { Logger } from '@enrich/logger';
import { z } from 'zod';
import { type AiAnswer, aiAnswerSchema } from './answer-schema';
import { type CallPolicy, sendMessage } from './anthropic-call';
import { buildUserPrompt, insightsTool, invalidAnswerFeedback, noToolCallNote, SYSTEM_PROMPT, TOOL_NAME } from './prompt';
import { fitPagesToBudget, type PageText } from './token-budget';

export interface ExtractInput {
  domain: string;
  name?: string | null;
  pages: PageText[];
}

export interface AiUsage {
  inputTokens: number;
  outputTokens: number;
}

export type AiDropReason = 'invalid_answer' | 'refusal' | 'no_tool_call' | 'no_content';

export type AiExtractOutcome =
  | { ok: true; answer: AiAnswer; usage: AiUsage; model: string; attempts: number }
  | { ok: false; reason: AiDropReason; message: string; usage: AiUsage; model: string; attempts: number };

export interface ExtractSettings {
  model: string;
  maxOutputTokens: number;
  inputTokenBudget: number;
  call: CallPolicy;
}

// The first answer, and one retry with what was wrong with it. Never more: an answer the model
// gets wrong twice is dropped, not returned as data.
const MAX_ATTEMPTS = 2;

type Verdict =
  | { ok: true; answer: AiAnswer }
  | { ok: false; reason: Exclude<AiDropReason, 'no_content'>; message: string; retryTurns: MessageParam[] };

// Response blocks sent back as the assistant turn of the retry, in their request shape.
function asParams(content: ContentBlock[]): ContentBlockParam[] {
  return content.flatMap((block): ContentBlockParam[] => {
    if (block.type === 'text' && block.text.trim()) return [{ type: 'text', text: block.text }];
    if (block.type === 'tool_use') return [{ type: 'tool_use', id: block.id, name: block.name, input: block.input }];
    return [];
  });
}

function judge(message: Message, firstTurn: MessageParam & { content: string }): Verdict {
  // After a refusal the conversation must be reset, so the retry resends the original request
  // (with a note) instead of continuing from the refused turn.
  const resetTurns = (): MessageParam[] => [
    {
      role: 'user',
      content: [
        { type: 'text', text: firstTurn.content },
        { type: 'text', text: noToolCallNote() },
      ],
    },
  ];
  if (message.stop_reason === 'refusal') {
    const details = message.stop_details;
    const text = `${details?.category ?? 'uncategorised'}: ${details?.explanation ?? 'the model declined to answer'}`;
    return { ok: false, reason: 'refusal', message: text, retryTurns: resetTurns() };
  }
  const toolUses = message.content.filter((block) => block.type === 'tool_use');
  const answer = toolUses[0];
  if (!answer) {
    const text = `no ${TOOL_NAME} call (stop_reason ${message.stop_reason})`;
    return { ok: false, reason: 'no_tool_call', message: text, retryTurns: resetTurns() };
  }
  const parsed = answer.name === TOOL_NAME ? aiAnswerSchema.safeParse(answer.input) : undefined;
  if (parsed?.success) return { ok: true, answer: parsed.data };

  const problem = parsed ? z.prettifyError(parsed.error) : `called unknown tool "${answer.name}"`;
  // Every tool_use must be answered by a tool_result in the next user turn.
  const feedback = invalidAnswerFeedback(problem, message.stop_reason === 'max_tokens');
  const results: ToolResultBlockParam[] = toolUses.map((block) => ({
    type: 'tool_result',
    tool_use_id: block.id,
    is_error: true,
    content: block === answer ? feedback : 'Ignored: call the tool once.',
  }));
  return {
    ok: false,
    reason: 'invalid_answer',
    message: problem,
    retryTurns: [firstTurn, { role: 'assistant', content: asParams(message.content) }, { role: 'user', content: results }],
  };
}

// A transport failure after a first answer still has to report the tokens that answer cost:
// the error carries them in its details, read back with usageOf.
function withUsage(error: unknown, usage: AiUsage): unknown {
  if (!(error instanceof AppError) || (usage.inputTokens === 0 && usage.outputTokens === 0)) return error;
  const details = typeof error.details === 'object' && error.details !== null ? error.details : {};
  return new AppError(error.code, error.message, { retryable: error.retryable, details: { ...details, usage }, cause: error });
}

/** Tokens a failed extraction spent before it failed (zero when it failed on its first call). */
export function usageOf(error: unknown): AiUsage {
  const usage = error instanceof AppError ? (error.details as { usage?: Partial<AiUsage> } | undefined)?.usage : undefined;
  return { inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0 };
}

/**
 * Asks the model for the company profile through one forced tool call, validates the answer
 * with the same zod schema the tool's JSON Schema came from, and retries once with the problem
 * fed back. Returns a dropped outcome for answers that stay invalid; throws AppError for
 * transport failures (see sendMessage).
 */
export async function extractInsights(
  client: Anthropic,
  settings: ExtractSettings,
  input: ExtractInput,
  logger?: Logger,
): Promise<AiExtractOutcome> {
  const usage: AiUsage = { inputTokens: 0, outputTokens: 0 };
  const pages = fitPagesToBudget(input.pages, settings.inputTokenBudget);
  if (pages.length === 0) {
    return { ok: false, reason: 'no_content', message: 'no website text to read', usage, model: settings.model, attempts: 0 };
  }

  const firstTurn = { role: 'user' as const, content: buildUserPrompt({ domain: input.domain, name: input.name, pages }) };
  const tool = insightsTool();
  let turns: MessageParam[] = [firstTurn];
  let model = settings.model;
  let verdict: Verdict | undefined;

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const params: MessageCreateParamsNonStreaming = {
      model: settings.model,
      max_tokens: settings.maxOutputTokens,
      system: SYSTEM_PROMPT,
      tools: [tool],
      tool_choice: { type: 'tool', name: TOOL_NAME, disable_parallel_tool_use: true },
      messages: turns,
    };
    let message: Message;
    try {
      message = await sendMessage(client, params, settings.call, (event) =>
        logger?.warn('ai request retry', { domain: input.domain, ...event }),
      );
    } catch (error) {
      throw withUsage(error, usage);
    }
    usage.inputTokens += message.usage.input_tokens;
    usage.outputTokens += message.usage.output_tokens;
    model = message.model;

    verdict = judge(message, firstTurn);
    if (verdict.ok) return { ok: true, answer: verdict.answer, usage, model, attempts: attempt };
    logger?.warn('ai answer rejected', { domain: input.domain, attempt, reason: verdict.reason, problem: verdict.message });
    turns = verdict.retryTurns;
  }

  const last = verdict as Exclude<Verdict, { ok: true }>;
  return { ok: false, reason: last.reason, message: last.message, usage, model, attempts: MAX_ATTEMPTS };
}
