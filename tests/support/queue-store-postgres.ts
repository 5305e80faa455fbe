// The integration project that runs the suite with its queues and shared state in PostgreSQL
// (QUEUE_STORE=postgres): read by tests/support/test-stack.ts.
process.env.TEST_QUEUE_STORE = 'postgres';
