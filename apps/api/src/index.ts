// The API as a library, for the scripts (benchmarks, demo, `npm start`) and the integration
// tests: what they build an app from or check it against; and its request and answer schemas,
// which the dashboard derives its types from (type-only). main.ts is what runs the process.
export { QUEUE_VIEW_PATH } from './admin/queue-view';
export { type ApiConfig, apiEnv } from './api-config';
export { createApp } from './app';
export { type AppContext, type AppParts, createAppContext } from './app-context';
export { RESULTS_PAGE_SIZE, type ResultsOptions, resultColumns, writeBatchResults } from './bulk/batch-results';
export { type ApiCaches, createCaches } from './caches';
export { createEventHub, EventHub, type EventHubConfig } from './events/event-hub';
export { listenerName } from './events/postgres-event-subscriber';
export { sseFrame } from './events/sse-response';
export { durationEstimator } from './jobs/estimate-duration';
export { closeConnectionsWhenDraining, Lifecycle } from './lifecycle';
export { COUNTER_READ_REUSE_MS, CounterReads } from './limits/counter-reads';
export { SharedCounterStore } from './limits/shared-counter-store';
export {
  postgresWindowCounters,
  redisWindowCounters,
  WINDOW_SWEEP_MS,
  type WindowCount,
  type WindowCounters,
  type WindowRead,
  windowCounters,
} from './limits/window-counters';
export { answerMalformedRequests } from './malformed-request';
export { KEY_CACHE_MS } from './middleware/authenticate';
export { parseOrThrow } from './middleware/validate';
export { createMonitors, deleteMonitor, updateMonitor } from './monitors/monitor-store';
export { buildOpenApiDocument } from './openapi-document';
export { QUEUE_STATES, queueDepth } from './queue-depth';
export { DASHBOARD_CSP } from './routes/dashboard-app';
export {
  batchItemSchema,
  batchListSchema,
  batchStatusSchema,
  batchSummarySchema,
  bulkAcceptedSchema,
  bulkPreviewSchema,
  invalidEntrySchema,
} from './schemas/bulk';
export { cursorPaginationSchema } from './schemas/cursor';
export {
  dashboardConfigSchema,
  inviteCreatedSchema,
  inviteCreateRequestSchema,
  inviteListSchema,
  inviteLookupSchema,
  keyCreatedSchema,
  keyCreateRequestSchema,
  keyListSchema,
  sessionResponseSchema,
  signinRequestSchema,
  signupRequestSchema,
  teamViewSchema,
} from './schemas/dashboard';
export {
  enrichAcceptedSchema,
  enrichRequestSchema,
  jobCompletedSchema,
  jobFailedSchema,
  jobListSchema,
  jobProcessingSchema,
  jobStatusSchema,
  jobSummarySchema,
} from './schemas/enrich';
export { errorBodySchema } from './schemas/error';
export { batchEventDataSchema, jobEventDataSchema, jobStartedEventSchema } from './schemas/events';
export { paginationSchema } from './schemas/pagination';
export {
  companyAnswerSchema,
  type SearchQuery,
  type SearchResponse,
  searchCursorPaginationSchema,
  searchPaginationSchema,
  searchQueryInput,
  searchQuerySchema,
  searchResponseSchema,
  searchResultSchema,
  selectedSearchResultSchema,
} from './schemas/search';
export { usageSchema } from './schemas/usage';
export {
  deliveryListSchema,
  webhookCreateSchema,
  webhookEventSchema,
  webhookListSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from './schemas/webhooks';
export { searchCompanies, searchInput } from './search/search-companies';
export { encodeSearchCursor, type SearchCursor, type SearchKey, searchFingerprint } from './search/search-cursor';
export { SEARCH_LIMITS, type SearchLimits } from './search/search-plan';
export { type RunSql, runSearch, type SearchInput, type SearchPage } from './search/search-sql';
