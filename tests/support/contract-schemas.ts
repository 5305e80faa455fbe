import {
  batchEventDataSchema,
  batchItemSchema,
  batchListSchema,
  batchStatusSchema,
  batchSummarySchema,
  bulkAcceptedSchema,
  bulkPreviewSchema,
  cursorPaginationSchema,
  enrichAcceptedSchema,
  errorBodySchema,
  invalidEntrySchema,
  jobCompletedSchema,
  jobFailedSchema,
  jobListSchema,
  jobProcessingSchema,
  jobStartedEventSchema,
  jobSummarySchema,
  searchCursorPaginationSchema,
  searchPaginationSchema,
  searchResponseSchema,
  searchResultSchema,
  usageSchema,
} from '@enrich/api';
import { companyRecordSchema } from '@enrich/record';
import { z } from 'zod';

// The schemas the OpenAPI document is generated from, made strict: a response with a field
// the document does not name, or without one it names, fails the test. This keeps the served
// answers and the published document the same thing.
export const strictAccepted = enrichAcceptedSchema.strict();
export const strictProcessing = jobProcessingSchema.strict();
export const strictCompleted = jobCompletedSchema.extend({ data: companyRecordSchema.strict() }).strict();
export const strictFailed = jobFailedSchema.strict();
export const strictError = errorBodySchema.strict();

export const strictBulkAccepted = bulkAcceptedSchema.strict();
export const strictBatchStatus = batchStatusSchema
  .extend({ items: batchItemSchema.extend({ data: companyRecordSchema.strict().optional() }).strict().array() })
  .strict();

export const strictSearchResponse = searchResponseSchema
  .extend({
    results: searchResultSchema.strict().array(),
    pagination: z.union([searchPaginationSchema.strict(), searchCursorPaginationSchema.strict()]),
  })
  .strict();

export const strictUsage = usageSchema.strict();
export const strictJobList = jobListSchema
  .extend({ data: jobSummarySchema.strict().array(), pagination: cursorPaginationSchema.strict() })
  .strict();
export const strictBatchList = batchListSchema
  .extend({ data: batchSummarySchema.strict().array(), pagination: cursorPaginationSchema.strict() })
  .strict();
export const strictBulkPreview = bulkPreviewSchema.extend({ invalid: invalidEntrySchema.strict().array() }).strict();

// The event streams' data.
export const strictStartedEvent = jobStartedEventSchema.strict();
export const strictBatchEvent = batchEventDataSchema
  .extend({ item: batchEventDataSchema.shape.item.unwrap().strict().optional() })
  .strict();
