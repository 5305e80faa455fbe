export { type AiEnv, aiEnv } from './ai-env';
export { type AiSource, type AiSourceOptions, createAiSource } from './ai-source';
export type { AiSourceData } from './ai-source-data';
export { AI_INFERRED_FIELDS, type AiAnswer, type AiInferredField, aiAnswerSchema, answerJsonSchema } from './answer-schema';
export { AI_ERROR_CODE, type CallPolicy } from './anthropic-call';
export { type AiDropReason, type AiExtractOutcome, type AiUsage, type ExtractInput, usageOf } from './extract-insights';
export type { PageText } from './token-budget';
