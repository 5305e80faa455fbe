import { z } from 'zod';
import { fieldsQuerySchema } from './fields';

export const companyParamsSchema = z.object({
  domain: z.string().meta({
    description: 'The company’s domain, or a URL on it, normalised as a submission’s is (https://www.acme.com/about is acme.com)',
    example: 'acme.com',
  }),
});

export const companyQuerySchema = fieldsQuerySchema;

// A lookup reads what is stored; fresh data is a submission (POST /enrich with refresh: true),
// so `refresh` is refused rather than silently ignored.
export const companyQueryInput = z
  .record(z.string(), z.unknown())
  .superRefine((query, ctx) => {
    if (query.refresh !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['refresh'],
        message: 'refresh is not accepted here: a lookup reads the stored record; POST /enrich with "refresh": true enriches it again',
      });
  })
  .pipe(companyQuerySchema);
