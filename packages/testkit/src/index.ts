// Test and dev helpers, one definition each, for the unit and integration tests and for the
// scripts (demo, benchmarks): the corpora, local stand-ins for websites and the Messages API,
// child processes, a Redis server of one's own, a free port, a LinkedIn company page builder, a
// sample AI answer, an event-stream (SSE) client, a webhook receiver, a connection recording the
// SQL it sends, and sleep and eventually (polling until a condition holds).

export * from './business-corpus';
export * from './child-processes';
export * from './corpora';
export * from './corpus-split';
export * from './fake-anthropic';
export * from './fixture-sites';
export * from './free-port';
export * from './linkedin-company-page';
export * from './local-server';
export * from './quality-corpus';
export * from './recorded-sql';
export * from './redis-server';
export { repoRoot } from './repo-files';
export * from './sample-ai-answer';
export * from './sse-client';
export * from './waiting';
export * from './webhook-receiver';
