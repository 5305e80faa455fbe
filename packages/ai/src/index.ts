export { aiEnv, type AiEnv } from './ai-env';
export { AI_ERROR_CODE, type CallPolicy } from './anthropic-call';
export { createAiSource, type AiSource, type AiSourceOptions } from './ai-source';
export type { AiDropReason, AiExtractOutcome, AiUsage, ExtractInput } from './extract-insights';
export {
  aiInsightsSchema,
  type AiInsights,
  BUSINESS_STAGES,
  type BusinessStage,
  COMPANY_SIZES,
  CUSTOMER_TYPES,
  insightsJsonSchema,
} from './insights-schema';
export type { PageText } from './token-budget';
export type { AiSourceData } from './ai-source-data';
