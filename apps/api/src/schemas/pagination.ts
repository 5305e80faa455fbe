import { z } from 'zod';

// page / limit as the contract has them for search, used by every paginated list. Values out
// of range or not whole numbers are refused (400 VALIDATION_ERROR), never silently clamped.
const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`))
    .optional()
    .transform((value) => value ?? fallback);

const MAX_PAGE = 1_000_000;

export const paginationQuerySchema = z.object({
  page: wholeNumber('page', 1, MAX_PAGE, 1).meta({ description: 'Page number, from 1', example: '1' }),
  limit: wholeNumber('limit', 1, 100, 20).meta({ description: 'Items per page, 1 to 100, default 20', example: '20' }),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const paginationSchema = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof paginationSchema>;

export function pagination(query: PaginationQuery, total: number): Pagination {
  return { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
}

export const offsetOf = (query: PaginationQuery): number => (query.page - 1) * query.limit;
