import type { AiAnswer } from './answer-schema';
import type { AiDropReason, AiUsage } from './extract-insights';

/**
 * What the AI step leaves for finalize; stored as JSON in Postgres. Only a validated answer
 * carries insights: a dropped answer keeps its reason and token use, never its content.
 */
export type AiSourceData =
  | { status: 'ok'; model: string; fetchedAt: string; answer: AiAnswer; usage: AiUsage; attempts: number }
  | { status: 'skipped'; reason: 'disabled' | 'no_text'; fetchedAt: string }
  | { status: 'dropped'; reason: AiDropReason | 'unavailable'; message: string; model: string; fetchedAt: string; usage: AiUsage };
