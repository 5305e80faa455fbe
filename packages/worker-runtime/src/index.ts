// A worker process's life, shared by every worker app: the one way a step runs on its queue
// (payload checked again, errors typed, metrics and a logger per run), a process that runs one
// step, the heartbeat file its health check reads, and the shutdown on SIGTERM that loses
// nothing. What the queues are (job catalogue, flows, prefixes, connections) is @enrich/queue's.
export * from './close-on-signals';
export * from './heartbeat';
export * from './queue-wait';
export * from './step-process';
export * from './step-worker';
