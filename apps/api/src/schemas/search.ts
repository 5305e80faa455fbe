import { BUSINESS_STAGES, companyRecordSchema, selectedRecordSchema } from '@enrich/record';
import { z } from 'zod';
import { cursorFits, decodeSearchCursor } from '../search/search-cursor';
import { cursorParameter, nextCursorSchema } from './cursor';
import { fieldsShape } from './fields';
import { paginationQuerySchema, paginationSchema } from './pagination';

export const MAX_QUERY_LENGTH = 200;

const filterText = (name: string) =>
  z.string().trim().min(1, `${name} must not be empty`).max(100, `${name} must be at most 100 characters`).optional();

const searchQueryShape = paginationQuerySchema.extend({
  q: z
    .string()
    .max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`)
    .optional()
    .meta({
      description:
        'Search text: words matched as prefixes in name, domain, industry, location and description (all must match; ' +
        'up to 8 words count). A word no company uses is also read as the known word it most likely misspells. ' +
        'Missing or empty: every company of the team, most recently enriched first.',
      example: 'acme analytics',
    }),
  industry: filterText('industry').meta({ description: 'Industry, exactly but ignoring case', example: 'Software' }),
  businessStage: z
    .enum(BUSINESS_STAGES, { error: `businessStage must be one of ${BUSINESS_STAGES.join(', ')}` })
    .optional()
    .meta({ description: 'Business stage' }),
  location: filterText('location').meta({ description: 'Part of the location, ignoring case', example: 'Berlin' }),
  minConfidence: z
    .string()
    .regex(/^\d{1,3}$/, 'minConfidence must be a whole number')
    .transform(Number)
    .pipe(z.number().int().max(100, 'minConfidence must be at most 100'))
    .optional()
    .meta({ description: 'Lowest confidence, 0 to 100', example: '70' }),
  // A domain makes a cursor up to about 350 characters.
  cursor: cursorParameter(decodeSearchCursor, 600).meta({
    description:
      'pagination.nextCursor of the previous page, given with the same q and filters (not with page): the next page starts ' +
      'right after the last result shown, at the same cost at any depth',
  }),
  ...fieldsShape,
});

export const searchQuerySchema = searchQueryShape.superRefine((query, ctx) => {
  if (query.cursor && !cursorFits(query.cursor, query)) {
    ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'cursor must be a nextCursor of a search with the same q and filters' });
  }
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

const names = Object.keys(searchQuerySchema.shape);

// A parameter given twice (?page=1&page=2) arrives as an array; say so rather than guess.
export const searchQueryInput = z
  .record(z.string(), z.unknown())
  .superRefine((query, ctx) => {
    for (const name of names) {
      if (Array.isArray(query[name])) ctx.addIssue({ code: 'custom', path: [name], message: `${name} must be given only once` });
    }
    // A cursor says where its page starts; with a page number too, one of them would be ignored.
    if (query.cursor !== undefined && query.page !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'page cannot be given with cursor' });
    }
  })
  .pipe(searchQuerySchema);

const enrichedAt = z.string().meta({
  format: 'date-time',
  description: 'When the calling team last enriched this company',
  example: '2026-02-01T12:00:00.000Z',
});

export const searchResultSchema = companyRecordSchema
  .extend({ enrichedAt })
  .meta({ id: 'CompanySearchResult', description: 'The company data record, plus enrichedAt' });

export const selectedSearchResultSchema = selectedRecordSchema
  .extend({ enrichedAt })
  .meta({ id: 'CompanySearchResultSelection', description: 'The fields named in `fields` (domain always), plus enrichedAt' });

/** A search result or a looked-up company: the whole record, or with `fields` only those, plus enrichedAt. */
export const companyAnswerSchema = z.union([searchResultSchema, selectedSearchResultSchema]);

const totalEstimated = z
  .literal(true)
  .optional()
  .meta({
    description:
      'Present (true) when the search matched too many companies to count: total (and totalPages) are then PostgreSQL’s ' +
      'estimate, never below what the pages shown so far prove. It is exact on the last page.',
  });

/** Search's pagination by page number: the contract's, plus the mark on an estimated total and the cursor of the next page. */
export const searchPaginationSchema = paginationSchema
  .extend({ totalEstimated, nextCursor: nextCursorSchema })
  .meta({ id: 'SearchPagination' });

/** A page reached by cursor has no number: its position was never counted. */
export const searchCursorPaginationSchema = paginationSchema
  .pick({ limit: true, total: true })
  .extend({ totalEstimated, nextCursor: nextCursorSchema })
  .meta({ id: 'SearchCursorPagination', description: 'The pagination of a page asked for by cursor' });

export const searchResponseSchema = z
  .object({
    results: z.array(companyAnswerSchema),
    pagination: z.union([searchPaginationSchema, searchCursorPaginationSchema]),
  })
  .meta({ id: 'CompanySearchResponse' });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** A whole company record as the API answers it, for the OpenAPI document's examples (its linters check it against the schema). */
export const companyExample: z.output<typeof searchResultSchema> = {
  domain: 'acme.com',
  name: 'Acme',
  description: 'Acme makes invoicing software for small manufacturers.',
  industry: 'Software',
  employeeCount: '51-200',
  location: 'Berlin, Germany',
  businessStage: 'growth',
  fundingStatus: 'Series A',
  logoUrl: 'https://acme.com/logo.png',
  email: 'hello@acme.com',
  phone: '+49 30 1234567',
  socialProfiles: { linkedin: 'https://www.linkedin.com/company/acme' },
  foundedYear: 2015,
  confidence: 82,
  sources: ['website', 'linkedin'],
  technologies: ['WordPress', 'HubSpot'],
  insights: null,
  b2bMatch: null,
  fieldSources: {
    name: {
      source: 'website',
      url: 'https://acme.com/',
      method: 'json-ld',
      observedAt: '2026-11-20T10:00:09.000Z',
      inferred: false,
      agreedBy: ['linkedin'],
      disagreedBy: [],
      confidence: 95,
    },
  },
  enrichedAt: '2026-11-20T10:00:12.000Z',
};
