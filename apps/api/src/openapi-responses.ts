import type { z } from 'zod';
import { errorBodySchema } from './schemas/error';

// Response entries of the OpenAPI document, for openapi-document.ts and the files that add paths to it.
export const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
export const error = (description: string) => json(errorBodySchema, description);
