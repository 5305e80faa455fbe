import { ErrorCode } from '@enrich/errors';
import { z } from 'zod';

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      details: z.unknown().optional(),
      requestId: z.string(),
    }),
  })
  .meta({ id: 'Error' });
