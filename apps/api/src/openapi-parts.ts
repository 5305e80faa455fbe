import { z } from 'zod';
import { bulkRequestSchema } from './bulk/bulk-entries';
import { errorBodySchema } from './schemas/error';

// Parts of the OpenAPI document shared by openapi-document.ts and the files that add paths to it.
export const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
export const error = (description: string) => json(errorBodySchema, description);

/** The body of POST /enrich/bulk (and of its preview): a JSON list or a CSV file. */
export const bulkRequestBody = {
  required: true,
  content: {
    'application/json': { schema: bulkRequestSchema },
    'text/csv': { schema: z.string().meta({ example: 'company,website\nAcme,acme.com\n' }) },
  },
};
