export { aiEnv, type AiEnv } from './ai-env';
export { AI_ERROR_CODE, type CallPolicy } from './anthropic-call';
export { createAiSource, type AiSource, type AiSourceOptions } from './ai-source';
export { type AiDropReason, type AiExtractOutcome, type AiUsage, type ExtractInput, usageOf } from './extract-insights';
export { AI_INFERRED_FIELDS, type AiAnswer, aiAnswerSchema, type AiInferredField, answerJsonSchema } from './answer-schema';
export type { PageText } from './token-budget';
export type { AiSourceData } from './ai-source-data';
