import { batchItemSchema, batchStatusSchema, bulkAcceptedSchema } from '@enrich/api/src/schemas/bulk';
import { companyRecordSchema } from '@enrich/record';
import {
  enrichAcceptedSchema,
  jobCompletedSchema,
  jobFailedSchema,
  jobProcessingSchema,
} from '@enrich/api/src/schemas/enrich';
import { errorBodySchema } from '@enrich/api/src/schemas/error';
import { paginationSchema } from '@enrich/api/src/schemas/pagination';
import { searchResponseSchema, searchResultSchema } from '@enrich/api/src/schemas/search';

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
  .extend({ results: searchResultSchema.strict().array(), pagination: paginationSchema.strict() })
  .strict();
